// Bug: a fill loop that also hands a[i] to a function only declared here
// (no role: it borrows, the project-wide rule), then jumps out when it
// fails. `while (i-- > 0)` stops at a[i - 1], right for a failed create
// but not for a failed init: a[i] leaks. Also a declared-only in-place
// call in a fill loop whose unwinding never reaches a[0].
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

/* Defined in another file (here: under LINT_MAIN, which the lint never
 * sees). Returns -1 when it fails, keeping nothing. */
int init_weights(tensor *t, int fail);

int init_fails(size_t n, int fail_at) {
  tensor *w[3];
  int i;
  for (i = 0; i < 3; i++) {
    w[i] = t_zeros(n); // expected-note {{tensor created here by 't_zeros'}}
    if (!w[i])
      goto fail;
    if (init_weights(w[i], i == fail_at) < 0)
      goto fail;
  }
  for (i = 0; i < 3; i++)
    t_free(w[i]);
  return 0;
fail:
  while (i-- > 0) // expected-warning {{the tensor created by 't_zeros' into 'w[i]' is never released: this unwinding loop stops at 'w[i - 1]'; leaked when the goto at}}
    t_free(w[i]);
  return -1;
}

int scaled(size_t n, size_t bad_size) {
  tensor *a[3];
  int i;
  for (i = 0; i < 3; i++) {
    a[i] = t_ones(i == 2 ? bad_size : n); // expected-note {{tensor created here by 't_ones'}}
    if (!a[i])
      goto fail;
    t_scale_inplace(a[i], 2.0f);
  }
  for (i = 0; i < 3; i++)
    t_free(a[i]);
  return 0;
fail:
  while (--i > 0) // expected-warning {{the tensor created by 't_ones' into 'a[0]' is never released: this unwinding loop stops at 'a[1]'; leaked when the goto at}}
    t_free(a[i]);
  return -1;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int init_weights(tensor *t, int fail) {
  if (fail)
    return -1;
  for (size_t k = 0; k < t->n; k++)
    t->data[k] = 0.5f;
  return 0;
}
int main(void) {
  int ok = init_fails(3, 7) == 0 && init_fails(3, 1) == -1;
  ok &= scaled(3, 3) == 0 && scaled(3, TOY_FAIL) == -1;
  return toy_finish(ok ? 0 : 1);
}
#endif
