// Bug: the goto cleanup block forgets one of the tensors.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

int work(size_t n) {
  int rc = -1;
  tensor *a = NULL, *b = NULL;
  a = t_zeros(n);
  if (!a)
    goto out;
  b = t_ones(n);
  if (!b)
    goto out;
  rc = (int)(t_sum(a) + t_sum(b));
out:
  t_free(a);
  return rc; // expected-warning {{the tensor created by 't_ones' is never released}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { work(3); return toy_finish(0); }
#endif
