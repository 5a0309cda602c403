// Bug: a loop walks the rows of a tensor through views and releases each
// view at the end of the iteration, like an intermediate.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: bad-free
#include "tensor.h"

float row_sums(size_t n) {
  tensor *m = t_ones(n);
  if (!m)
    return 0;
  float acc = 0;
  for (size_t i = 0; i < n; i++) {
    tensor *row = t_view(m, i, 1);
    if (!row)
      break;
    acc += t_sum(row);
    t_free(row); // expected-warning {{releasing the view returned by 't_view', which belongs to the tensor it was taken from}}
  }
  t_free(m);
  return acc;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { row_sums(3); return toy_finish(0); }
#endif
