// Correct: a loop counter that steps by one from its start makes `i == 0`
// hold on the first iteration only, and `i == n - 1` (under `i < n`) on the
// last only: what is made or kept there is not overwritten by a later
// iteration.  None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

/* The accumulator is made on the first iteration, replaced after. */
float running_sum(int k) {
  tensor *acc = NULL;
  for (int i = 0; i < k; i++) {
    if (i == 0) {
      acc = t_ones(2);
    } else {
      tensor *s = t_add(acc, acc);
      t_free(acc);
      acc = s;
    }
  }
  float r = acc ? t_sum(acc) : 0;
  t_free(acc);
  return r;
}

/* The same with the test the other way round. */
float running_sum_ne(int k) {
  tensor *acc = NULL;
  for (int i = 0; i < k; i++) {
    if (i != 0) {
      tensor *s = t_add(acc, acc);
      t_free(acc);
      acc = s;
    } else {
      acc = t_ones(2);
    }
  }
  float r = acc ? t_sum(acc) : 0;
  t_free(acc);
  return r;
}

/* Every step's tensor is released but the last one's, which is returned. */
tensor *last_of(int k) {
  tensor *keep = NULL;
  for (int i = 0; i < k; i++) {
    tensor *t = t_ones((size_t)i + 1);
    if (i == k - 1)
      keep = t;
    else
      t_free(t);
  }
  return keep;
}

/* Counting down: the last iteration is the one with i == 0. */
tensor *first_of(int k) {
  tensor *keep = NULL;
  for (int i = k - 1; i >= 0; i--) {
    tensor *t = t_ones((size_t)i + 1);
    if (i == 0)
      keep = t;
    else
      t_free(t);
  }
  return keep;
}

/* A start that is a variable: the first iteration is i == lo. */
float window_sum(int lo, int hi) {
  tensor *first = NULL;
  float s = 0;
  for (int i = lo; i < hi; i++) {
    if (i == lo)
      first = t_ones(3);
    if (first)
      s += t_sum(first);
  }
  t_free(first);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int bad = running_sum(3) != 8 || running_sum_ne(3) != 8 || window_sum(2, 5) != 9;
  tensor *a = last_of(3), *b = first_of(3);
  bad |= !a || a->n != 3 || !b || b->n != 1;
  t_free(a);
  t_free(b);
  return toy_finish(bad);
}
#endif
