// Correct: a loop counter's tests written as comparisons rather than
// equalities.  `i + 1 < n` (or `i < n - 1`) is false on the last iteration
// only, `i > 0` false on the first only; counting down, `i > 0` is false
// on the last.  Each loop keeps one round's tensor and releases the
// others.  None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

/* Keeps the last round's tensor. */
tensor *keep_last(int n) {
  tensor *last = NULL;
  for (int i = 0; i < n; i++) {
    tensor *t = t_ones(2);
    if (!t)
      break;
    if (i + 1 < n)
      t_free(t);
    else
      last = t;
  }
  return last;
}

/* The same, with `i < n - 1` and the kept tensor summed. */
float keep_last_sum(int n) {
  tensor *last = NULL;
  for (int i = 0; i < n; i++) {
    tensor *t = t_zeros(3);
    if (!t)
      break;
    if (i < n - 1) {
      t_free(t);
      continue;
    }
    last = t;
  }
  float s = last ? t_sum(last) : -1;
  t_free(last);
  return s;
}

/* Counting down to 0: the last round is i == 0. */
tensor *keep_first_slot(int n) {
  tensor *kept = NULL;
  for (int i = n - 1; i >= 0; i--) {
    tensor *t = t_ones(1);
    if (!t)
      break;
    if (i > 0)
      t_free(t);
    else
      kept = t;
  }
  return kept;
}

/* The first round starts the accumulator; later rounds replace it. */
float running_sum(int n) {
  tensor *acc = NULL;
  for (int i = 0; i < n; i++) {
    tensor *x = t_ones(2);
    if (!x)
      break;
    if (i > 0) {
      tensor *y = t_add(acc, x);
      t_free(x);
      if (!y)
        break;
      t_free(acc);
      acc = y;
    } else {
      acc = x;
    }
  }
  float s = acc ? t_sum(acc) : 0;
  t_free(acc);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int bad = 0;
  tensor *a = keep_last(3), *b = keep_first_slot(3);
  bad |= !a || !b || t_sum(a) != 2 || t_sum(b) != 1;
  t_free(a);
  t_free(b);
  bad |= keep_last_sum(4) != 0 || running_sum(3) != 6 || running_sum(0) != 0;
  return toy_finish(bad);
}
#endif
