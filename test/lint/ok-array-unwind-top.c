// Correct: unwinding loops that do reach a[i - 1], the last element made
// before the failed create, or whose last element is released another way
// (or whose bound moved with i). None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

// `k <= i - 1` and `k = i - 1` counting down reach a[i - 1].
int reach_top(size_t n, size_t bad) {
  tensor *a[3], *b[3];
  int i, j;
  for (i = 0; i < 3; i++) {
    a[i] = t_ones(i == 2 ? bad : n);
    if (!a[i])
      goto fail_a;
  }
  for (j = 0; j < 3; j++) {
    b[j] = t_ones(j == 2 ? bad : n);
    if (!b[j])
      goto fail_b;
  }
  for (j = 0; j < 3; j++)
    t_free(b[j]);
  for (i = 0; i < 3; i++)
    t_free(a[i]);
  return 0;
fail_b:
  for (int k = j - 1; k >= 0; k--)
    t_free(b[k]);
  for (i = 0; i < 3; i++)
    t_free(a[i]);
  return -1;
fail_a:
  for (int k = 0; k <= i - 1; k++)
    t_free(a[k]);
  return -1;
}

// Stops at a[i - 2], then releases a[i - 1] after the loop.
int then_last(size_t n, size_t bad) {
  tensor *a[3];
  int i;
  for (i = 0; i < 3; i++) {
    a[i] = t_zeros(i == 2 ? bad : n);
    if (!a[i])
      goto fail;
  }
  for (i = 0; i < 3; i++)
    t_free(a[i]);
  return 0;
fail:
  for (int k = 0; k < i - 1; k++)
    t_free(a[k]);
  if (i > 0)
    t_free(a[i - 1]);
  return -1;
}

// i moves up by one before the loop: `k < i - 1` is then `k < i` of the
// fill loop's i.
int moved_bound(size_t n, size_t bad) {
  tensor *a[3];
  int i;
  for (i = 0; i < 3; i++) {
    a[i] = t_zeros(i == 2 ? bad : n);
    if (!a[i])
      goto fail;
  }
  for (i = 0; i < 3; i++)
    t_free(a[i]);
  return 0;
fail:
  i++;
  for (int k = 0; k < i - 1; k++)
    t_free(a[k]);
  return -1;
}

// The same after a `break`, inside the `if (i != n)` block; and a fill loop
// counting with `i != n` and `i += 1` whose unwinding is right.
int moved_after_break(size_t n, size_t bad) {
  tensor *c[4], *d[4];
  int i;
  for (i = 0; i != 4; i += 1) {
    c[i] = t_zeros(i == 3 ? bad : n);
    if (!c[i])
      break;
  }
  if (i != 4) {
    i = i + 1;
    for (int k = 0; k < i - 1; k++)
      t_free(c[k]);
    return -1;
  }
  for (i = 0; i != 4; i += 1) {
    d[i] = t_ones(i == 3 ? bad : n);
    if (!d[i])
      goto fail_d;
  }
  for (i = 0; i < 4; i++)
    t_free(d[i]);
  for (i = 0; i < 4; i++)
    t_free(c[i]);
  return 0;
fail_d:
  while (i-- > 0)
    t_free(d[i]);
  for (i = 0; i < 4; i++)
    t_free(c[i]);
  return -1;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int ok = reach_top(3, 3) == 0 && reach_top(3, TOY_FAIL) == -1;
  ok &= then_last(3, 3) == 0 && then_last(3, TOY_FAIL) == -1;
  ok &= moved_bound(3, 3) == 0 && moved_bound(3, TOY_FAIL) == -1;
  ok &= moved_after_break(3, 3) == 0 && moved_after_break(3, TOY_FAIL) == -1;
  return toy_finish(ok ? 0 : 1);
}
#endif
