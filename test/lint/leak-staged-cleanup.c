// Bug: the staged cleanup's `case 2` breaks instead of falling through,
// so where the third create fails (stage 2) the first tensor leaks.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

int forward(const tensor *x, size_t big, float *out) {
  int stage = 0, rc = -1;
  tensor *h1, *h2, *h3;
  h1 = t_mul(x, x); // expected-note {{tensor created here by 't_mul'}}
  if (!h1)
    goto cleanup;
  stage = 1;
  h2 = t_add(h1, x);
  if (!h2)
    goto cleanup;
  stage = 2;
  h3 = t_zeros(big);
  if (!h3)
    goto cleanup;
  stage = 3;
  *out = t_sum(h3);
  rc = 0;
cleanup:
  switch (stage) {
  case 3:
    t_free(h3);
    /* fallthrough */
  case 2:
    t_free(h2);
    break;
  case 1:
    t_free(h1);
    break;
  }
  return rc; // expected-warning {{the tensor created by 't_mul' is never released: it leaks at this return}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *x = t_ones(3);
  float s = 0;
  int rc = forward(x, TOY_FAIL, &s);
  t_free(x);
  return toy_finish(rc == -1 ? 0 : 1);
}
#endif
