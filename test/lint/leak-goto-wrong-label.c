// Bug: staged unwinding labels (`fail_b:` then `fail_a:`); the third
// create's failure jumps to the wrong label and skips the release of `b`.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

int combine(size_t n, size_t m, float *out) {
  tensor *a, *b, *c;
  a = t_ones(n);
  if (!a)
    goto fail;
  b = t_zeros(n);
  if (!b)
    goto fail_a;
  c = t_ones(m);
  if (!c)
    goto fail_a; /* should be fail_b */
  *out = t_sum(a) + t_sum(b) + t_sum(c);
  t_free(c);
  t_free(b);
  t_free(a);
  return 0;
fail_b:
  t_free(b);
fail_a:
  t_free(a);
fail:
  return -1; // expected-warning-re {{the tensor created by 't_zeros' is never released: it leaks at this return; leaked when the condition at leak-goto-wrong-label.c:{{[0-9]+}} is false}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { float s; combine(3, TOY_FAIL, &s); return toy_finish(0); }
#endif
