// Bug: releasing a view (it belongs to the tensor it was taken from).
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: bad-free
#include "tensor.h"

void f(size_t n) {
  tensor *a = t_ones(n);
  if (!a)
    return;
  tensor *v = t_view(a, 0, 1);
  t_print(v);
  t_free(v); // expected-warning {{releasing the view returned by 't_view', which belongs to the tensor it was taken from}}
  t_free(a);
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
