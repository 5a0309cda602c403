// Bug: unwinding loops that stop short after a `while` fill loop (`i = 0;
// while (i < n) { a[i] = create(); if (!a[i]) goto fail; i++; }`) or a
// `for (; i < n; i++)` whose start comes just before it. `while (--i > 0)`
// never releases a[0]; `for (k = 0; k < i - 1; k++)` never releases
// a[i - 1]; `while (i-- > 0)` after a jump that follows a made a[i] never
// releases a[i].
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

static int over_budget(int i, int limit) { return i >= limit; }

int bottom(size_t n, size_t bad_size) {
  tensor *a[3];
  int i = 0;
  while (i < 3) {
    a[i] = t_ones(i == 2 ? bad_size : n); // expected-note {{tensor created here by 't_ones'}}
    if (!a[i])
      goto fail;
    i++;
  }
  for (i = 0; i < 3; i++)
    t_free(a[i]);
  return 0;
fail:
  while (--i > 0) // expected-warning {{the tensor created by 't_ones' into 'a[0]' is never released: this unwinding loop stops at 'a[1]'; leaked when the goto at}}
    t_free(a[i]);
  return -1;
}

int top(size_t n, size_t bad_size) {
  tensor *b[4];
  int i;
  i = 0;
  while (i != 4) {
    b[i] = t_zeros(i == 2 ? bad_size : n); // expected-note {{tensor created here by 't_zeros'}}
    if (b[i] == NULL)
      goto cleanup;
    i += 1;
  }
  for (i = 0; i < 4; i++)
    t_free(b[i]);
  return 0;
cleanup:
  for (int k = 0; k < i - 1; k++) // expected-warning {{the tensor created by 't_zeros' into 'b[i - 1]' is never released: this unwinding loop stops at 'b[i - 2]'; leaked when the goto at}}
    t_free(b[k]);
  return -1;
}

int made(size_t n, int limit) {
  tensor *c[3];
  int i = 0;
  while (i < 3) {
    c[i] = t_ones(n); // expected-note {{tensor created here by 't_ones'}}
    if (!c[i])
      goto fail;
    if (over_budget(i, limit))
      goto fail;
    ++i;
  }
  for (i = 0; i < 3; i++)
    t_free(c[i]);
  return 0;
fail:
  while (i-- > 0) // expected-warning {{the tensor created by 't_ones' into 'c[i]' is never released: this unwinding loop stops at 'c[i - 1]'; leaked when the goto at}}
    t_free(c[i]);
  return -1;
}

int bare_for(size_t n, size_t bad_size) {
  tensor *d[3];
  int i;
  i = 0;
  for (; i < 3; i++) {
    d[i] = t_ones(i == 1 ? bad_size : n); // expected-note {{tensor created here by 't_ones'}}
    if (!d[i])
      goto fail;
  }
  for (i = 0; i < 3; i++)
    t_free(d[i]);
  return 0;
fail:
  for (int k = 1; k < i; k++) // expected-warning {{the tensor created by 't_ones' into 'd[0]' is never released: this unwinding loop stops at 'd[1]'}}
    t_free(d[k]);
  return -1;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int ok = bottom(3, 3) == 0 && bottom(3, TOY_FAIL) == -1;
  ok &= top(3, 3) == 0 && top(3, TOY_FAIL) == -1;
  ok &= made(3, 5) == 0 && made(3, 1) == -1;
  ok &= bare_for(3, 3) == 0 && bare_for(3, TOY_FAIL) == -1;
  return toy_finish(ok ? 0 : 1);
}
#endif
