// Correct: every error path releases what it owns; NULL checks right after
// a create mean nothing is owned on the NULL branch.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

int pair_sum(size_t n, float *out) {
  tensor *a = t_zeros(n);
  if (!a)
    return -1;
  tensor *b = t_ones(n);
  if (b == NULL) {
    t_free(a);
    return -1;
  }
  *out = t_sum(a) + t_sum(b);
  t_free(a);
  t_free(b);
  return 0;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { float o; return toy_finish(pair_sum(3, &o) == 0 && o == 3 && pair_sum(TOY_FAIL, &o) == -1 ? 0 : 1); }
#endif
