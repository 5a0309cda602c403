// Correct: a do/while whose counter steps in its condition (`while (++pass
// < n)`) and is written nowhere else: `pass == 0` holds on the first pass
// only, so the base made there is not overwritten later.  None may be
// reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float refine(int max_pass) {
  tensor *base = NULL;
  float s = 0;
  int pass = 0;
  do {
    if (pass == 0)
      base = t_ones(2);
    if (base)
      s += t_sum(base);
  } while (++pass < max_pass);
  t_free(base);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(refine(3) == 6 && refine(1) == 2 ? 0 : 1); }
#endif
