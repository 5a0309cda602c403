// Correct: same-file helpers that return a view of their argument (or
// NULL); the caller reads the view and releases only the tensor it made.
// A NULL view is a real path on which that tensor is still released.
// None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

static tensor *row(tensor *m, size_t i) { return t_view(m, i, 1); }

static tensor *tail_or_null(tensor *m, size_t from) {
  if (from >= m->n)
    return NULL;
  return t_view(m, from, m->n - from);
}

float sum_row(size_t n) {
  tensor *m = t_ones(n);
  if (!m)
    return -1;
  float s = t_sum(row(m, 0));
  t_free(m);
  return s;
}

float sum_tail(size_t n, size_t from) {
  tensor *m = t_ones(n);
  if (!m)
    return -1;
  tensor *v = tail_or_null(m, from);
  if (!v) {
    t_free(m);
    return 0;
  }
  float s = t_sum(v);
  t_free(m);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int ok = sum_row(3) == 1 && sum_tail(4, 1) == 3 && sum_tail(4, 9) == 0;
  return toy_finish(ok ? 0 : 1);
}
#endif
