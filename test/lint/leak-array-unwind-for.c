// Bug: cleanup loops of other shapes, off by one the same way:
// `for (k = i - 1; k > 0; k--)` never reaches a[0], `for (k = 1; k < i;
// k++)` starts past it, and `while (i-- > 1)` after a `break` out of the
// fill loop stops at c[1]. Each leaks the first tensor when a later create
// fails.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

int down(size_t n, size_t bad_size) {
  tensor *a[3];
  int i, k;
  for (i = 0; i < 3; i++) {
    a[i] = t_ones(i == 1 ? bad_size : n); // expected-note {{tensor created here by 't_ones'}}
    if (a[i] == NULL)
      goto cleanup;
  }
  for (i = 0; i < 3; i++)
    t_free(a[i]);
  return 0;
cleanup:
  for (k = i - 1; k > 0; k--) // expected-warning {{the tensor created by 't_ones' into 'a[0]' is never released: this unwinding loop stops at 'a[1]'}}
    if (a[k])
      t_free(a[k]);
  return -1;
}

int up(size_t n, size_t bad_size) {
  tensor *b[3];
  int i;
  for (i = 0; i < 3; i++) {
    b[i] = t_zeros(i == 2 ? bad_size : n); // expected-note {{tensor created here by 't_zeros'}}
    if (!b[i])
      goto fail;
  }
  for (i = 0; i < 3; i++)
    t_free(b[i]);
  return 0;
fail:
  for (int k = 1; k < i; k++) // expected-warning {{the tensor created by 't_zeros' into 'b[0]' is never released: this unwinding loop stops at 'b[1]'}}
    t_free(b[k]);
  return -1;
}

int brk(size_t n, size_t bad_size) {
  tensor *c[4];
  int i;
  for (i = 0; i < 4; i++) {
    c[i] = t_zeros(i == 3 ? bad_size : n); // expected-note {{tensor created here by 't_zeros'}}
    if (!c[i])
      break;
  }
  if (i < 4) {
    while (i-- > 1) // expected-warning {{the tensor created by 't_zeros' into 'c[0]' is never released: this unwinding loop stops at 'c[1]'; leaked when the break at}}
      t_free(c[i]);
    return -1;
  }
  for (i = 0; i < 4; i++)
    t_free(c[i]);
  return 0;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int ok = down(3, 3) == 0 && down(3, TOY_FAIL) == -1 && up(3, 3) == 0 && up(3, TOY_FAIL) == -1;
  ok &= brk(3, 3) == 0 && brk(3, TOY_FAIL) == -1;
  return toy_finish(ok ? 0 : 1);
}
#endif
