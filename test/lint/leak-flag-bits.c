// Bug: the cleanup tests the wrong bit for the second tensor: where both
// were made, it is never released.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

enum { OWN_A = 1u, OWN_B = 2u };

float bits(size_t n) {
  unsigned owned = 0;
  float s = 0;
  tensor *a = t_ones(n), *b = NULL;
  if (!a)
    goto out;
  owned |= OWN_A;
  b = t_zeros(n); // expected-note {{tensor created here by 't_zeros'}}
  if (!b)
    goto out;
  owned |= OWN_B;
  s = t_sum(a) + t_sum(b);
out:
  if (owned & 4u)
    t_free(b);
  if (owned & OWN_A)
    t_free(a);
  return s; // expected-warning {{the tensor created by 't_zeros' is never released: it leaks at this return}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(bits(3) == 3 ? 0 : 1); }
#endif
