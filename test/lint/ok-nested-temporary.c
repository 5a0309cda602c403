// Correct: the intermediate is kept in a variable and released.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

tensor *fma3(const tensor *a, const tensor *b, const tensor *c) {
  tensor *ab = t_mul(a, b);
  if (!ab)
    return NULL;
  tensor *r = t_add(ab, c);
  t_free(ab);
  return r;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { tensor *a = t_ones(3), *b = t_ones(3), *c = t_ones(3); t_free(fma3(a, b, c)); t_free(a); t_free(b); t_free(c); return toy_finish(0); }
#endif
