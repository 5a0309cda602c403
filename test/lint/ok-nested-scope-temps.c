// Correct: nested blocks each make and release their own temporary; the
// outer tensor outlives them and is released last.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float f(size_t n, int extra) {
  tensor *acc = t_zeros_or_die(n);
  float s = 0;
  {
    tensor *one = t_ones(n);
    if (one) {
      {
        tensor *twice = t_add(one, one);
        if (twice) {
          s += t_sum(twice);
          t_free(twice);
        }
      }
      if (extra) {
        tensor *sq = t_mul(one, one);
        s += sq ? t_sum(sq) : 0;
        t_free(sq);
      }
      t_free(one);
    }
  }
  s += t_sum(acc);
  t_free(acc);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(3, 1) == 9 && f(3, 0) == 6 ? 0 : 1); }
#endif
