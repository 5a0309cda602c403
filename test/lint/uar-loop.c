// Bug: used on the next iteration after being released at the end of this
// one (the release at the bottom is meant for the last round only).  The
// same slip also releases twice and, when the loop ends through the second
// break or never runs, leaks: each is reported once.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: use-after-free
#include "tensor.h"

float reuse(size_t n, int steps) {
  tensor *w = t_zeros_or_die(n);
  float acc = 0;
  for (int i = 0; i < steps; i++) {
    acc += t_sum(w); // expected-warning {{is passed to 't_sum' after it was released on an earlier loop iteration}}
    if (acc > 100) {
      t_free(w); // expected-warning {{released twice}}
      w = NULL;
      break;
    }
    if (i == steps - 1)
      break;
    t_free(w); // expected-warning {{released twice}}
  }
  return acc; // expected-warning {{leaks at this return; leaked on some paths}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { reuse(3, 3); return toy_finish(0); }
#endif
