// Correct: ownership leaves by return (the caller owns it now).
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

tensor *make_scaled(size_t n, float by) {
  tensor *t = t_ones(n);
  if (!t)
    return NULL;
  t_scale_inplace(t, by);
  return t;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { t_free(make_scaled(3, 2)); return toy_finish(0); }
#endif
