// Correct: a reference taken under a flag and given back under the same
// flag.  The unconditional release gives back the retain's reference where
// the flag is set and releases the tensor itself where it is not.  A
// success saved in a variable (`ok = t_make(...) == 0`) and tested later
// says whether the tensor was made.  None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float shared(size_t n, int keep) {
  tensor *t = t_ones(n);
  if (!t)
    return 0;
  tensor *also = NULL;
  if (keep)
    also = t_retain(t);
  float s = t_sum(t);
  t_free(t);
  if (keep) {
    s += t_sum(also);
    t_free(also);
  }
  return s;
}

float saved_success(size_t n) {
  tensor *t;
  int ok = t_make(n, &t) == 0;
  float s = -1;
  if (ok) {
    s = t_sum(t);
    t_free(t);
  }
  return s;
}

float saved_failure(size_t n) {
  tensor *t;
  int failed = t_make(n, &t) != 0;
  if (failed)
    return -1;
  float s = t_sum(t);
  t_free(t);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  float s = shared(3, 0) + shared(3, 1) + saved_success(3) + saved_success(TOY_FAIL) +
            saved_failure(3) + saved_failure(TOY_FAIL);
  return toy_finish(s == 7 ? 0 : 1);
}
#endif
