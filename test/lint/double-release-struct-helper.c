// Bug: a same-file helper releases the tensors a struct holds, through a
// pointer to it; the caller then releases one of them again.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

struct pair {
  tensor *a, *b;
  int n;
};

static void pair_free(struct pair *p) {
  if (!p)
    return;
  t_free(p->a);
  t_free(p->b);
}

float f(size_t n) {
  struct pair p;
  p.a = t_ones(n);
  p.b = t_zeros(n);
  p.n = (int)n;
  float s = t_sum(p.a) + t_sum(p.b);
  pair_free(&p);
  t_free(p.a); // expected-warning {{the tensor created by 't_ones' is released twice}}
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
