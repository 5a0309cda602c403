// Correct: a loop variable starts as the caller's input and is replaced
// each round by the result of a function the lint does not follow (a
// function pointer here); the release is guarded by `cur != input`, so the
// input is never released.  None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

static tensor *twice(tensor *t) { return t_add(t, t); }

float run(tensor *(*stage)(tensor *), tensor *input, int rounds) {
  tensor *cur = input;
  for (int i = 0; i < rounds; i++) {
    tensor *next = stage(cur);
    if (cur != input)
      t_free(cur);
    cur = next;
    if (!cur)
      return 0;
  }
  float s = t_sum(cur);
  if (cur != input)
    t_free(cur);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *x = t_ones(2);
  float s = run(twice, x, 3) + run(twice, x, 0);
  t_free(x);
  return toy_finish(s == 18 ? 0 : 1);
}
#endif
