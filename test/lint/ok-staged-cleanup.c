// Correct: staged cleanup, the stage (or the count of tensors made) set
// as each create succeeds and tested once at the cleanup label: a `switch`
// falling through from the last stage to the first, or `made > k` tests.
// Several `goto`s reach the label with different stages, each with a
// different set of tensors made; each test selects the paths with its
// values.  None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

int forward(const tensor *x, float *out) {
  int stage = 0, rc = -1;
  tensor *h1, *h2, *h3;
  h1 = t_mul(x, x);
  if (!h1)
    goto cleanup;
  stage = 1;
  h2 = t_add(h1, x);
  if (!h2)
    goto cleanup;
  stage = 2;
  h3 = t_mul(h2, h1);
  if (!h3)
    goto cleanup;
  stage = 3;
  *out = t_sum(h3);
  rc = 0;
cleanup:
  switch (stage) {
  case 3:
    t_free(h3);
    /* fallthrough */
  case 2:
    t_free(h2);
    /* fallthrough */
  case 1:
    t_free(h1);
    /* fallthrough */
  default:
    break;
  }
  return rc;
}

int counted(size_t n, float *out) {
  int made = 0;
  tensor *a, *b, *c;
  if (!(a = t_ones(n)))
    goto fail;
  made++;
  if (!(b = t_copy(a)))
    goto fail;
  made++;
  if (!(c = t_add(a, b)))
    goto fail;
  made++;
  *out = t_sum(c);
fail:
  if (made > 2)
    t_free(c);
  if (made > 1)
    t_free(b);
  if (made > 0)
    t_free(a);
  return made == 3 ? 0 : -1;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *x = t_ones(3);
  float s = 0, u = 0;
  int rc = forward(x, &s) + counted(3, &u) + counted(TOY_FAIL, &u);
  t_free(x);
  return toy_finish(rc == -1 && s == 6 && u == 6 ? 0 : 1);
}
#endif
