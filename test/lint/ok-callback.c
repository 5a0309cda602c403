// Correct: tensors passed along with callbacks, and calls through function
// pointers, keep being tracked (they borrow).
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

static float twice(float x) { return 2 * x; }

void run(size_t n, void (*visit)(tensor *)) {
  tensor *t = t_ones(n);
  if (!t)
    return;
  t_apply(t, twice);
  visit(t);
  t_free(t);
}

void all(size_t n) {
  tensor *ts[2];
  ts[0] = t_zeros_or_die(n);
  ts[1] = t_zeros_or_die(n);
  for_each(ts, 2, t_free); // the callback releases them
}

#ifdef LINT_MAIN
#include "toy_run.h"
static void show(tensor *t) { t_print(t); }
int main(void) { run(3, show); all(3); return toy_finish(0); }
#endif
