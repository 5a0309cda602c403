// Bug: the do/while of ok-do-while-first-pass.c makes its base on the
// first pass and again on the third, over the first one.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

float refine(int max_pass) {
  tensor *base = NULL;
  float s = 0;
  int pass = 0;
  do {
    if (pass == 0 || pass == 2)
      base = t_ones(2); // expected-warning {{leaks: 'base' is overwritten while it still holds it}} expected-note {{tensor created here by 't_ones'}}
    if (base)
      s += t_sum(base);
  } while (++pass < max_pass);
  t_free(base);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(refine(3) == 6 ? 0 : 1); }
#endif
