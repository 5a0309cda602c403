// Correct: a flags word records, bit by bit, which creates succeeded (each
// bit set under its own NULL test), and a tensor released early clears its
// bit; the cleanup releases by the bits.  None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

#define HAVE_A 0x1u
#define HAVE_B 0x2u

float two_bits(size_t n) {
  unsigned have = 0;
  tensor *a = t_ones(n);
  if (a)
    have |= HAVE_A;
  tensor *b = t_zeros(n);
  if (b)
    have |= HAVE_B;
  float s = (have & HAVE_A) ? t_sum(a) : 0;
  if (have & HAVE_B)
    t_free(b);
  if (have & HAVE_A)
    t_free(a);
  return s;
}

float early_release(size_t n) {
  unsigned have = 0;
  tensor *a = t_ones(n), *b = NULL;
  if (a)
    have |= HAVE_A;
  b = t_zeros(n);
  if (b)
    have |= HAVE_B;
  float s = 0;
  if ((have & HAVE_A) && t_sum(a) > 2) {
    s = t_sum(a);
    t_free(a);
    have &= ~HAVE_A;
  }
  if (have & HAVE_B)
    t_free(b);
  if (have & HAVE_A)
    t_free(a);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  float s = two_bits(4) + early_release(4) + early_release(2);
  return toy_finish(s == 8 ? 0 : 1);
}
#endif
