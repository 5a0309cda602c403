// Correct: a create through an out-parameter annotated in its header with
// TSCOPE_SUCCESS(returns_zero): the tensor exists only when the call
// returns 0, so the failure path owes no release. (Without the success
// annotation, or an API file's `success:`, the create counts on every
// path.) None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

TSCOPE_CREATES_OUT(2) TSCOPE_SUCCESS(returns_zero) TSCOPE_RELEASED_BY(t_free)
int load(size_t n, tensor **out);

float use(size_t n) {
  tensor *t;
  if (load(n, &t) != 0)
    return -1;
  float s = t_sum(t);
  t_free(t);
  return s;
}

float use_status(size_t n) {
  tensor *t = NULL;
  int rc = load(n, &t);
  if (rc)
    return -1;
  float s = t_sum(t);
  t_free(t);
  return s;
}

/* The definition: 0 and a new tensor, or -1 and *out left alone. */
int load(size_t n, tensor **out) {
  tensor *t = t_ones(n);
  if (!t)
    return -1;
  *out = t;
  return 0;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int ok = use(3) == 3 && use(TOY_FAIL) == -1 && use_status(2) == 2 && use_status(TOY_FAIL) == -1;
  return toy_finish(ok ? 0 : 1);
}
#endif
