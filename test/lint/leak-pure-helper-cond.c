// Bug: the scratch tensor is made when the helper says yes for n + 1 and
// released when it says yes for n: with n == 3 the two calls disagree
// and the tensor leaks.  Calls of a helper that computes from its
// arguments agree only when their arguments are the same.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

static int big(size_t n) { return n >= 4; }

float blend(size_t n) {
  tensor *s = NULL;
  if (big(n + 1))
    s = t_zeros(n);
  float r = s ? t_sum(s) : 1;
  if (big(n))
    t_free(s);
  return r; // expected-warning {{the tensor created by 't_zeros' is never released: it leaks at this return}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(blend(3) == 0 ? 0 : 1); }
#endif
