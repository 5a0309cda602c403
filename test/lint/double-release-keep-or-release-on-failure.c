// Bug: the pool of ok-keep-or-release-on-failure.c, whose caller releases
// the tensor again when the helper failed (the helper released it then).
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

struct pool {
  tensor **items;
  size_t len;
};

static int pool_add(struct pool *p, tensor *t, size_t cap) {
  if (p->len == cap) {
    t_free(t);
    return -1;
  }
  p->items[p->len++] = t;
  return 0;
}

int fill(struct pool *p, size_t cap, int n) {
  for (int i = 0; i < n; i++) {
    tensor *t = t_ones(2); // expected-note {{tensor created here by 't_ones'}}
    if (!t)
      return -1;
    if (pool_add(p, t, cap) != 0) {
      t_free(t); // expected-warning {{released twice}}
      return -1;
    }
  }
  return 0;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *slots[2];
  struct pool p = {slots, 0};
  int rc = fill(&p, 2, 3);
  for (size_t i = 0; i < p.len; i++)
    t_free(p.items[i]);
  return toy_finish(rc == -1 ? 0 : 1);
}
#endif
