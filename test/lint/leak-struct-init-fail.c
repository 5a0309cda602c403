// Bug: a local struct is filled field by field; when the second create
// fails the function returns and the first field's tensor leaks.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

struct layer {
  tensor *w;
  tensor *b;
};

float forward(const tensor *x, size_t n, size_t nb) {
  struct layer l;
  l.w = t_ones(n);
  if (!l.w)
    return 0;
  l.b = t_zeros(nb);
  if (!l.b)
    return 0; // expected-warning {{the tensor created by 't_ones' is never released: it leaks at this return}}
  tensor *y = t_mul(x, l.w);
  float s = y ? t_sum(y) + t_sum(l.b) : 0;
  t_free(y);
  t_free(l.b);
  t_free(l.w);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *x = t_ones(3);
  forward(x, 3, TOY_FAIL);
  t_free(x);
  return toy_finish(0);
}
#endif
