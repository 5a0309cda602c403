// Bug: the extra release is guarded by the opposite of the retain's flag:
// where no reference was taken, the tensor is released twice.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

void share(size_t n, int keep) {
  tensor *t = t_zeros_or_die(n);
  tensor *h = NULL;
  if (keep)
    h = t_retain(t);
  t_free(t);
  if (!keep)
    t_free(t); // expected-warning {{released more times than it holds references}}
  if (keep)
    t_free(h);
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { share(3, 0); return toy_finish(0); }
#endif
