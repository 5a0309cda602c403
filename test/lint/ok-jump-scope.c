// Correct: a `continue` or `break` leaves a block whose variable holds a
// tensor that is released first, or also held by a variable that stays in
// scope and is released later, or NULL. None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

// Released before the `break`; the `do { } while (0)` leaves with its
// tensor handed to the caller's variable.
int staged(size_t n, tensor **out) {
  int rc = -1;
  do {
    tensor *a = t_ones(n);
    if (!a)
      break;
    if (t_sum(a) > 100) {
      t_free(a);
      break;
    }
    *out = a;
    rc = 0;
  } while (0);
  return rc;
}

// A `for` variable outlives a `continue` of its own loop, and the `break`
// leaves the loop with the tensor released.
float scan(size_t n, int rounds) {
  float s = 0;
  for (tensor *acc = t_zeros(n); acc; ) {
    s += t_sum(acc);
    if (rounds-- > 0)
      continue;
    t_free(acc);
    break;
  }
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *t = NULL;
  int ok = staged(2, &t) == 0 && staged(200, &t) == -1;
  t_free(t);
  ok &= scan(2, 2) == 0;
  return toy_finish(ok ? 0 : 1);
}
#endif
