// Bug: `break` leaves the loop before the release: 't' goes out of scope
// there, which is where the leak is reported (once).
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

float first_big(size_t n, int rounds) {
  float found = 0;
  for (int i = 0; i < rounds; i++) {
    tensor *t = t_ones(n + (size_t)i);
    if (!t)
      return 0;
    float s = t_sum(t);
    if (s > 10) {
      found = s;
      break; // expected-warning {{the tensor created by 't_ones' leaks: 't' goes out of scope while it still holds it}}
    }
    t_free(t);
  }
  return found;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { first_big(11, 1); return toy_finish(0); }
#endif
