// Correct: tensors created into a local array one by one; when one create
// fails, the ones made so far are released by unwinding
// (`while (i-- > 0) t_free(a[i]);`), else all are released at the end.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

int f(size_t n, size_t bad_size) {
  tensor *a[4];
  int i;
  for (i = 0; i < 4; i++) {
    a[i] = t_zeros(i == 2 ? bad_size : n);
    if (!a[i])
      goto fail;
  }
  for (i = 0; i < 4; i++)
    t_scale_inplace(a[i], 2);
  for (i = 0; i < 4; i++)
    t_free(a[i]);
  return 0;
fail:
  while (i-- > 0)
    t_free(a[i]);
  return -1;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(3, 3) == 0 && f(3, TOY_FAIL) == -1 ? 0 : 1); }
#endif
