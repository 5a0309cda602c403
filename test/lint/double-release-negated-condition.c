// Bug: the flag's two tests are spelled differently (`c` and `c != 0`) but
// say the same, so where it is set the tensor is released twice (and
// where it is not, never).
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

void twice(size_t n, int c) {
  tensor *a = t_zeros_or_die(n); // expected-note {{tensor created here}}
  if (c)
    t_free(a); // expected-note {{first released here}}
  if (c != 0)
    t_free(a); // expected-warning {{the tensor created by 't_zeros_or_die' is released twice}}
} // expected-warning {{never released: it leaks at the end of 'twice'}}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { twice(3, 1); return toy_finish(0); }
#endif
