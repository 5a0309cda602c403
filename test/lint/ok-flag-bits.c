// Correct: ownership recorded as bits of a flags word (`owned |= BIT`,
// `owned = owned | BIT`) and tested with `owned & BIT`: each test selects the paths where that tensor was made.
// And a pick of a retain and a copy tested for NULL: a retain of a live
// tensor is never NULL, so the NULL side is the copy's.  None may be
// reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

enum { OWN_A = 1u, OWN_B = 2u };

float bits(size_t n, size_t m) {
  unsigned owned = 0;
  float s = 0;
  tensor *a = t_ones(n), *b = NULL;
  if (!a)
    goto out;
  owned |= OWN_A;
  b = t_zeros(m);
  if (!b)
    goto out;
  owned = owned | OWN_B;
  s = t_sum(a) + t_sum(b);
out:
  if (owned & OWN_B)
    t_free(b);
  if ((owned & OWN_A) != 0)
    t_free(a);
  return s;
}

float share_or_copy(size_t n, int share) {
  tensor *a = t_ones(n);
  if (!a)
    return 0;
  tensor *w = share ? t_retain(a) : t_copy(a);
  if (!w) {
    t_free(a);
    return 0;
  }
  float s = t_sum(w);
  t_free(w);
  t_free(a);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  float s = bits(3, 2) + bits(3, TOY_FAIL) + bits(TOY_FAIL, 2) + share_or_copy(3, 0) +
            share_or_copy(3, 1);
  return toy_finish(s == 9 ? 0 : 1);
}
#endif
