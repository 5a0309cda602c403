// Bug: made under two nested tests, released under `train && !dropout`,
// which never holds where the tensor was made: it leaks whenever it is.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

float mix(size_t n, int train, int dropout) {
  tensor *mask = NULL;
  float s = 1;
  if (train) {
    if (dropout) {
      mask = t_ones(n); // expected-note {{tensor created here by 't_ones'}}
      if (!mask)
        return -1;
      s = t_sum(mask);
    }
  }
  if (train && !dropout)
    t_free(mask);
  return s; // expected-warning {{the tensor created by 't_ones' is never released: it leaks at this return}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(mix(3, 1, 1) == 3 ? 0 : 1); }
#endif
