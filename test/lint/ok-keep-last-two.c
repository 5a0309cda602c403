// Correct: the smallest form of keeping the last two tensors of a loop
// (`t_free(second); second = best; best = t;`).  None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

void top2(int n) {
  tensor *best = NULL, *second = NULL;
  for (int i = 0; i < n; i++) {
    tensor *t = t_ones(2);
    if (!t)
      break;
    t_free(second);
    second = best;
    best = t;
  }
  t_free(best);
  t_free(second);
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  top2(3);
  return toy_finish(0);
}
#endif
