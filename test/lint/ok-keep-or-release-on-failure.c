// Correct: a same-file helper keeps its tensor in a growing pool when it
// can and releases it when it cannot: the caller owes nothing either way.
// None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

struct pool {
  tensor **items;
  size_t len;
};

static int pool_add(struct pool *p, tensor *t) {
  tensor **grown = realloc(p->items, (p->len + 1) * sizeof *grown);
  if (!grown) {
    t_free(t);
    return -1;
  }
  p->items = grown;
  p->items[p->len++] = t;
  return 0;
}

int fill(struct pool *p, int n) {
  for (int i = 0; i < n; i++) {
    tensor *t = t_ones(2);
    if (!t)
      return -1;
    if (pool_add(p, t) != 0)
      return -1;
    t_scale_inplace(t, 2); /* still alive: the pool holds it */
  }
  return 0;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  struct pool p = {NULL, 0};
  int rc = fill(&p, 3);
  float s = 0;
  for (size_t i = 0; i < p.len; i++) {
    s += t_sum(p.items[i]);
    t_free(p.items[i]);
  }
  free(p.items);
  return toy_finish(rc == 0 && s == 12 ? 0 : 1);
}
#endif
