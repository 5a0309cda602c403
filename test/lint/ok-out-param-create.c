// Correct: an out-parameter create with a status result: the tensor exists
// only when the call succeeds.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float f(size_t n) {
  tensor *t;
  if (t_make(n, &t) != 0)
    return -1;
  float s = t_sum(t);
  t_free(t);
  return s;
}

float g(size_t n) {
  tensor *t = NULL;
  int rc = t_make(n, &t);
  if (rc)
    return -1;
  float s = t_sum(t);
  t_free(t);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); g(3); f(TOY_FAIL); g(TOY_FAIL); return toy_finish(0); }
#endif
