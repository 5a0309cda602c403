// Correct: tensors released through a function pointer.  A local pointer
// only ever set to t_free releases as t_free does; a struct's function-
// pointer field (an ops table that no API file describes) may release what
// it is given, so the tensor is no longer followed there.  None may be
// reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float with_local_pointer(size_t n) {
  void (*release)(tensor *) = t_free;
  tensor *t = t_ones(n);
  if (!t)
    return -1;
  float s = t_sum(t);
  release(t);
  return s;
}

struct tensor_ops {
  tensor *(*make)(size_t n);
  void (*destroy)(tensor *t);
};

float with_ops_table(const struct tensor_ops *ops, size_t n) {
  tensor *t = t_ones(n);
  if (!t)
    return -1;
  float s = t_sum(t);
  ops->destroy(t);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  struct tensor_ops ops = {t_ones, t_free};
  float s = with_local_pointer(3) + with_ops_table(&ops, 3);
  return toy_finish(s == 6 ? 0 : 1);
}
#endif
