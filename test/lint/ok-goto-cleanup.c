// Correct: the classic goto cleanup with NULL-initialised variables.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

int work(size_t n) {
  int rc = -1;
  tensor *a = NULL, *b = NULL;
  a = t_zeros(n);
  if (!a)
    goto out;
  b = t_ones(n);
  if (!b)
    goto out;
  rc = (int)(t_sum(a) + t_sum(b));
out:
  t_free(b);
  t_free(a);
  return rc;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(work(3) == 3 && work(TOY_FAIL) == -1 ? 0 : 1); }
#endif
