// Bug: a flag that says whether the tensor was made here, tested the
// wrong way round, or set on the other branch, or never set: the tensor
// leaks on the path where it was made.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

static int wanted(int i) { return i % 2 == 0; }

float inverted(size_t n, int i) {
  int made = 0;
  tensor *t = NULL;
  if (wanted(i)) {
    t = t_ones(n); // expected-note {{tensor created here by 't_ones'}}
    made = 1;
  }
  float s = t ? t_sum(t) : 0;
  if (!made)
    t_free(t);
  return s; // expected-warning {{the tensor created by 't_ones' is never released: it leaks at this return}}
}

float other_branch(size_t n, int i) {
  int made = 0;
  tensor *t = NULL;
  if (wanted(i))
    t = t_zeros(n); // expected-note {{tensor created here by 't_zeros'}}
  else
    made = 1;
  float s = t ? t_sum(t) + 1 : 0;
  if (made)
    t_free(t);
  return s; // expected-warning {{the tensor created by 't_zeros' is never released: it leaks at this return}}
}

float never_set(size_t n, int i) {
  int made = 0;
  tensor *t = NULL;
  if (wanted(i))
    t = t_ones(n); // expected-note {{tensor created here by 't_ones'}}
  float s = t ? t_sum(t) : 0;
  if (made)
    t_free(t);
  return s; // expected-warning {{the tensor created by 't_ones' is never released: it leaks at this return}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int ok = inverted(2, 0) == 2 && other_branch(2, 0) == 1 && never_set(2, 0) == 2;
  return toy_finish(ok ? 0 : 1);
}
#endif
