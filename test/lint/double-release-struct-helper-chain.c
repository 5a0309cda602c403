// Bug: a same-file helper releases a struct's tensors partly itself and
// partly through another such helper it hands its pointer to; the caller
// then releases one of them again.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

struct net {
  tensor *w, *b, *out;
};

static void net_free_params(struct net *n) {
  t_free(n->w);
  t_free(n->b);
}

static void net_free(struct net *n) {
  if (!n)
    return;
  net_free_params(n);
  t_free(n->out);
}

float f(size_t k) {
  struct net n;
  n.w = t_ones(k);
  n.b = t_zeros(k);
  n.out = t_add(n.w, n.b);
  float s = t_sum(n.out);
  net_free(&n);
  t_free(n.w); // expected-warning {{the tensor created by 't_ones' is released twice}}
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(3) == 3.0f ? 0 : 1); }
#endif
