// Correct: a tensor held by a variable declared with
// `__attribute__((cleanup(f)))` (the `_cleanup_` idiom of systemd and
// others): `f` gets the variable's address at every exit of its scope and
// releases what it holds.  The lint does not follow what `f` does, so the
// tensor is no longer followed once it is in such a variable.  None may be
// reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

static void t_freep(tensor **pt) { t_free(*pt); }
#define _cleanup_tensor_ __attribute__((cleanup(t_freep)))

float energy(size_t n) {
  _cleanup_tensor_ tensor *x = t_ones(n);
  if (!x)
    return -1;
  _cleanup_tensor_ tensor *y = NULL;
  y = t_mul(x, x);
  if (!y)
    return -1;
  return t_sum(y);
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(energy(4) == 4 ? 0 : 1); }
#endif
