// Bug: the success path releases `tmp` early and then jumps to the shared
// cleanup block, which releases it again (the pointer was not set to NULL).
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

int blend(const tensor *x, float *out) {
  int rc = -1;
  tensor *tmp = NULL, *res = NULL;
  tmp = t_copy(x);
  if (!tmp)
    goto done;
  t_scale_inplace(tmp, 0.5f);
  res = t_add(x, tmp);
  t_free(tmp);
  if (!res)
    goto done;
  *out = t_sum(res);
  rc = 0;
done:
  t_free(res);
  t_free(tmp); // expected-warning-re {{the tensor created by 't_copy' is released twice; already released when the condition at double-release-goto-cleanup.c:{{[0-9]+}} is false}}
  return rc;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *x = t_ones(3);
  float s;
  blend(x, &s);
  t_free(x);
  return toy_finish(0);
}
#endif
