// Bug: the unwinding loop after a failed create stops one element short
// (`while (--i > 0)` releases a[i-1] down to a[1]): a[0] leaks whenever a
// later create fails.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

int f(size_t n, size_t bad_size) {
  tensor *a[4];
  int i;
  for (i = 0; i < 4; i++) {
    a[i] = t_zeros(i == 2 ? bad_size : n); // expected-note {{tensor created here by 't_zeros'}}
    if (!a[i])
      goto fail;
  }
  for (i = 0; i < 4; i++)
    t_scale_inplace(a[i], 2);
  for (i = 0; i < 4; i++)
    t_free(a[i]);
  return 0;
fail:
  while (--i > 0) // expected-warning {{the tensor created by 't_zeros' into 'a[0]' is never released: this unwinding loop stops at 'a[1]'; leaked when the goto at}}
    t_free(a[i]);
  return -1;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(3, 3) == 0 && f(3, TOY_FAIL) == -1 ? 0 : 1); }
#endif
