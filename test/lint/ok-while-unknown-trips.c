// Correct: a while loop with an unknown trip count, a continue path that
// releases, and a tensor carried across iterations.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

int more(void);

float run(size_t n) {
  tensor *acc = t_zeros_or_die(n);
  while (more()) {
    tensor *step = t_ones(n);
    if (!step)
      continue;
    if (t_sum(step) < 0) {
      t_free(step);
      continue;
    }
    tensor *next = t_add(acc, step);
    t_free(step);
    if (!next)
      break;
    t_free(acc);
    acc = next;
  }
  float r = t_sum(acc);
  t_free(acc);
  return r;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int more(void) { static int k; return k++ < 2; }
int main(void) { return toy_finish(run(3) == 6 ? 0 : 1); }
#endif
