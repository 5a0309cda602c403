// Correct: staged unwinding labels (`fail_c:`, `fail_b:`, `fail_a:`), each
// failure jumping to the label that releases exactly what exists so far.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

int combine(size_t n, size_t m, float *out) {
  tensor *a, *b, *c, *d;
  a = t_ones(n);
  if (!a)
    goto fail;
  b = t_zeros(n);
  if (!b)
    goto fail_a;
  c = t_ones(m);
  if (!c)
    goto fail_b;
  d = t_add(a, c);
  if (!d)
    goto fail_c;
  *out = t_sum(d) + t_sum(b);
  t_free(d);
  t_free(c);
  t_free(b);
  t_free(a);
  return 0;
fail_c:
  t_free(c);
fail_b:
  t_free(b);
fail_a:
  t_free(a);
fail:
  return -1;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  float s;
  int ok = combine(3, 3, &s) == 0 && combine(3, TOY_FAIL, &s) == -1 &&
           combine(TOY_FAIL, 3, &s) == -1;
  return toy_finish(ok ? 0 : 1);
}
#endif
