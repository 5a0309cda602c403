// Bug: the flags word of ok-flags-word-null-tests.c, with the early
// release clearing the wrong bit: the cleanup then skips b.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

#define HAVE_A 0x1u
#define HAVE_B 0x2u

float early_release(size_t n) {
  unsigned have = 0;
  tensor *a = t_ones(n), *b = NULL;
  if (a)
    have |= HAVE_A;
  b = t_zeros(n); // expected-note {{tensor created here by 't_zeros'}}
  if (b)
    have |= HAVE_B;
  float s = 0;
  if ((have & HAVE_A) && t_sum(a) > 2) {
    s = t_sum(a);
    t_free(a);
    have &= ~(HAVE_A | HAVE_B);
  }
  if (have & HAVE_B)
    t_free(b);
  if (have & HAVE_A)
    t_free(a);
  return s; // expected-warning {{the tensor created by 't_zeros' is never released: it leaks at this return}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(early_release(4) == 4 ? 0 : 1); }
#endif
