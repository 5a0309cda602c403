// Bug: a validation check in the middle of the function returns early and
// forgets the normalised copy made just before it.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

int normalise(const tensor *x, float *mean) {
  tensor *c = t_copy(x);
  if (!c)
    return -1;
  float s = t_sum(c);
  if (s == 0)
    return -2; // expected-warning {{the tensor created by 't_copy' is never released: it leaks at this return}}
  t_scale_inplace(c, 1 / s);
  *mean = t_sum(c) / (float)c->n;
  t_free(c);
  return 0;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *z = t_zeros(3);
  float m;
  normalise(z, &m);
  t_free(z);
  return toy_finish(0);
}
#endif
