// Correct: unwinding loops that do reach the first element, or whose
// first element is released (or kept) another way. None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

static int all_made(tensor **a, int n) {
  for (int i = 0; i < n; i++)
    t_free(a[i]);
  return 0;
}

// `--i >= 0` and `i-- > 0` reach a[0].
int pre_ge(size_t n, size_t bad) {
  tensor *a[3];
  int i;
  for (i = 0; i < 3; i++) {
    a[i] = t_zeros(i == 2 ? bad : n);
    if (!a[i])
      goto fail;
  }
  return all_made(a, 3);
fail:
  while (--i >= 0)
    t_free(a[i]);
  return -1;
}

// Stops at a[1], then releases a[0] after the loop.
int then_first(size_t n, size_t bad) {
  tensor *a[3];
  int i;
  for (i = 0; i < 3; i++) {
    a[i] = t_zeros(i == 2 ? bad : n);
    if (!a[i])
      goto fail;
  }
  return all_made(a, 3);
fail:
  while (--i > 0)
    t_free(a[i]);
  t_free(a[0]);
  return -1;
}

// The fill starts at 1: a[0] is the caller's input, not ours.
float from_one(tensor *in, size_t n, size_t bad) {
  tensor *a[3];
  int i;
  a[0] = in;
  for (i = 1; i < 3; i++) {
    a[i] = t_zeros(i == 2 ? bad : n);
    if (!a[i])
      goto fail;
  }
  float s = t_sum(a[0]);
  for (i = 1; i < 3; i++)
    t_free(a[i]);
  return s;
fail:
  while (--i > 0)
    t_free(a[i]);
  return -1;
}

// `for (k = i - 1; k >= 0; k--)` and `for (k = 0; k < i; k++)` reach a[0].
int for_shapes(size_t n, size_t bad) {
  tensor *a[3], *b[3];
  int i, j;
  for (i = 0; i < 3; i++) {
    a[i] = t_ones(i == 2 ? bad : n);
    if (!a[i])
      goto fail_a;
  }
  for (j = 0; j < 3; j++) {
    b[j] = t_ones(j == 1 ? bad : n);
    if (!b[j])
      goto fail_b;
  }
  all_made(b, 3);
  return all_made(a, 3);
fail_b:
  for (int k = 0; k < j; k++)
    t_free(b[k]);
  i = 3;
fail_a:
  for (int k = i - 1; k >= 0; k--)
    t_free(a[k]);
  return -1;
}

// The first element is handed on before the loop can fail: `keep` owns
// it, and the unwinding loop rightly leaves it.
tensor *keep_first(size_t n, size_t bad, tensor **keep) {
  tensor *a[3];
  int i;
  for (i = 0; i < 3; i++) {
    a[i] = t_zeros(i == 2 ? bad : n);
    if (!a[i])
      goto fail;
    if (i == 0)
      *keep = a[0];
  }
  t_free(a[1]);
  t_free(a[2]);
  return a[0];
fail:
  while (--i > 0)
    t_free(a[i]);
  return NULL;
}

// The break shape, right: `while (i-- > 0)` under `if (i < 3)`; and an
// unwinding loop that stops at b[1] under `if (j == 0)`, where no element
// was made (the lint only reads `j < bound` as "after the break").
int brk_ok(size_t n, size_t bad) {
  tensor *a[3], *b[3];
  int i, j;
  for (i = 0; i < 3; i++) {
    a[i] = t_zeros(i == 2 ? bad : n);
    if (!a[i])
      break;
  }
  if (i < 3) {
    while (i-- > 0)
      t_free(a[i]);
    return -1;
  }
  for (j = 0; j < 3; j++) {
    b[j] = t_zeros(j == 0 ? bad : n);
    if (!b[j])
      break;
  }
  if (j == 0) {
    while (--j > 0)
      t_free(b[j]);
    return all_made(a, 3) - 2;
  }
  if (j < 3) {
    while (j-- > 0)
      t_free(b[j]);
    return all_made(a, 3) - 3;
  }
  all_made(b, 3);
  return all_made(a, 3);
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int ok = 1;
  ok &= pre_ge(3, 3) == 0 && pre_ge(3, TOY_FAIL) == -1;
  ok &= then_first(3, 3) == 0 && then_first(3, TOY_FAIL) == -1;
  tensor *in = t_ones(3);
  ok &= from_one(in, 3, 3) == 3.0f && from_one(in, 3, TOY_FAIL) == -1;
  t_free(in);
  ok &= brk_ok(3, 3) == 0 && brk_ok(3, TOY_FAIL) == -1;
  ok &= for_shapes(3, 3) == 0 && for_shapes(3, TOY_FAIL) == -1 && for_shapes(3, 5) == 0;
  tensor *k1 = NULL, *k2 = NULL;
  tensor *r = keep_first(3, 3, &k1);
  ok &= r == k1 && keep_first(3, TOY_FAIL, &k2) == NULL;
  t_free(r);
  t_free(k2);
  return toy_finish(ok ? 0 : 1);
}
#endif
