// Bug: unwinding loops that stop short at the top. When the create of
// a[i] fails, a[0] .. a[i - 1] were made; `for (k = 0; k < i - 1; k++)`
// stops at a[i - 2], and `for (k = i - 2; k >= 0; k--)` starts there, so
// a[i - 1] leaks whenever a later create than the first fails (also after
// a `break` out of a fill loop counting with `i != n` and `i += 1`).
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

int up(size_t n, size_t bad_size) {
  tensor *a[3];
  int i, k;
  for (i = 0; i < 3; i++) {
    a[i] = t_ones(i == 2 ? bad_size : n); // expected-note {{tensor created here by 't_ones'}}
    if (a[i] == NULL)
      goto cleanup;
  }
  for (i = 0; i < 3; i++)
    t_free(a[i]);
  return 0;
cleanup:
  for (k = 0; k < i - 1; k++) // expected-warning {{the tensor created by 't_ones' into 'a[i - 1]' is never released: this unwinding loop stops at 'a[i - 2]'; leaked when the goto at}}
    t_free(a[k]);
  return -1;
}

int down(size_t n, size_t bad_size) {
  tensor *b[4];
  int i;
  for (i = 0; i < 4; i++) {
    b[i] = t_zeros(i == 1 ? bad_size : n); // expected-note {{tensor created here by 't_zeros'}}
    if (!b[i])
      goto fail;
  }
  for (i = 0; i < 4; i++)
    t_free(b[i]);
  return 0;
fail:
  for (int k = i - 2; k >= 0; k--) // expected-warning {{the tensor created by 't_zeros' into 'b[i - 1]' is never released: this unwinding loop stops at 'b[i - 2]'}}
    if (b[k] != NULL)
      t_free(b[k]);
  return -1;
}

int brk(size_t n, size_t bad_size) {
  tensor *c[4];
  size_t i;
  for (i = 0; i != 4; i += 1) {
    c[i] = t_zeros(i == 3 ? bad_size : n); // expected-note {{tensor created here by 't_zeros'}}
    if (!c[i])
      break;
  }
  if (i != 4) {
    for (size_t k = 0; k <= i - 2; k++) // expected-warning {{into 'c[i - 1]' is never released: this unwinding loop stops at 'c[i - 2]'; leaked when the break at}}
      t_free(c[k]);
    return -1;
  }
  for (i = 0; i < 4; i++)
    t_free(c[i]);
  return 0;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int ok = up(3, 3) == 0 && up(3, TOY_FAIL) == -1 && down(3, 3) == 0 && down(3, TOY_FAIL) == -1;
  ok &= brk(3, 3) == 0 && brk(3, TOY_FAIL) == -1;
  return toy_finish(ok ? 0 : 1);
}
#endif
