// Correct: a local flag says whether the tensor was made here (`int made
// = 0; if (...) { t = create(); made = 1; } ... if (made) release(t);`),
// also negated, compared with 0, in a loop, or beside a borrowed input.
// The flag's truth stands for the branch that set it. None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

static int wanted(int i) { return i % 2 == 0; }

float made_flag(size_t n, int i) {
  int made = 0;
  tensor *t = NULL;
  if (wanted(i)) {
    t = t_ones(n);
    made = 1;
  }
  float s = t ? t_sum(t) : 0;
  if (made)
    t_free(t);
  return s;
}

float not_flag(size_t n, int i) {
  int borrowed = 1;
  tensor *t = NULL;
  if (wanted(i)) {
    t = t_zeros(n);
    if (!t)
      return -1;
    borrowed = 0;
  }
  float s = t ? t_sum(t) + 1 : 0;
  if (borrowed == 0)
    t_free(t);
  return s;
}

float own_copy(tensor *in, int i) {
  _Bool own = 0;
  tensor *t = in;
  if (wanted(i)) {
    t = t_copy(in);
    if (!t)
      return -1;
    own = 1;
  }
  float s = t_sum(t);
  if (own != 0)
    t_free(t);
  return s;
}

float in_loop(size_t n, int k) {
  float s = 0;
  for (int i = 0; i < k; i++) {
    int made = 0;
    tensor *t = NULL;
    if (wanted(i)) {
      t = t_ones(n);
      made = 1;
    }
    if (made && t) {
      s += t_sum(t);
      t_free(t);
    }
  }
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *in = t_ones(2);
  int ok = made_flag(2, 0) == 2 && made_flag(2, 1) == 0 && not_flag(2, 0) == 1 &&
           not_flag(2, 1) == 0 && own_copy(in, 0) == 2 && own_copy(in, 1) == 2 && in_loop(2, 3) == 4;
  t_free(in);
  return toy_finish(ok ? 0 : 1);
}
#endif
