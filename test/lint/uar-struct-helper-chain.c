// Bug: a tensor is read after a helper released it through a chain of
// two same-file helpers (the outer one hands its struct pointer on).
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: use-after-free
#include "tensor.h"

struct net {
  tensor *w, *b, *out;
};

static void net_free_params(struct net *n) {
  if (n->w)
    t_free(n->w);
  t_free(n->b);
}

static void net_free(struct net *n) {
  t_free(n->out);
  net_free_params(n);
}

float f(size_t k) {
  struct net n;
  n.w = t_ones(k);
  n.b = t_ones(k);
  n.out = t_add(n.w, n.b);
  net_free(&n);
  return t_sum(n.b); // expected-warning {{after it was released}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(3) > 0.0f ? 0 : 1); }
#endif
