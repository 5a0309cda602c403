// Correct: a scratch tensor made under a test that calls a helper of this
// file computing its answer from its arguments alone, and released under
// the same test called again.  The two calls agree (the helper is one
// `return` of its by-value parameters; `sized` is declared
// `__attribute__((const))`), so the tensor is released wherever it was
// made.  None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

static int needs_scratch(size_t n, int mode) { return n >= 4 && mode != 2; }
static int big(size_t n) { return needs_scratch(n, 0); }
__attribute__((const)) int sized(size_t n);
int sized(size_t n) { return n > 1; }

float blend(size_t n, int mode) {
  tensor *s = NULL, *w = NULL;
  if (needs_scratch(n, mode))
    s = t_zeros(n);
  if (big(n))
    w = t_ones(n);
  float r = 0;
  if (sized(n)) {
    tensor *tmp = t_ones(n);
    if (tmp)
      r += t_sum(tmp);
    if (sized(n))
      t_free(tmp);
  }
  if (s)
    r += t_sum(s);
  if (needs_scratch(n, mode))
    t_free(s);
  if (big(n))
    t_free(w);
  return r;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int bad = blend(6, 0) != 6 || blend(6, 2) != 6 || blend(2, 0) != 2;
  return toy_finish(bad);
}
#endif
