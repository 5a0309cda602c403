// Bug: a variable holds either a copy or a view, picked by `?:`; releasing
// it releases the view when no copy was asked for.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: bad-free
#include "tensor.h"

float head_sum(tensor *x, int copy) {
  tensor *src = copy ? t_copy(x) : t_view(x, 0, 2);
  float s = t_sum(src);
  t_free(src); // expected-warning {{releasing the view returned by 't_view', which belongs to the tensor it was taken from: never release a view (it holds the view when the condition at}}
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *x = t_ones(4);
  float s = head_sum(x, 0);
  t_free(x);
  return toy_finish(s > 0 ? 0 : 1);
}
#endif
