// Bug: a same-file helper hands back a view of its argument through an
// out-parameter (its one store, on every path); the caller releases it.
// A helper that may return before storing, or that stores a new tensor
// on another path, is not taken for one (see `maybe_head`, `ok`).
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: bad-free
#include "tensor.h"

static void head_view(tensor *x, size_t h, tensor **out) { *out = t_view(x, h * 2 + 1, 2); }

float score(tensor *x) {
  tensor *v;
  head_view(x, 1, &v);
  float s = t_sum(v);
  t_free(v); // expected-warning {{releasing the view returned by 'head_view', which belongs to the tensor it was taken from: never release a view}}
  return s;
}

// Correct: a view or a copy, so the caller releases what it got.
static void maybe_head(tensor *x, int copy, tensor **out) {
  if (copy) {
    *out = t_copy(x);
    return;
  }
  *out = t_view(x, 1, 2);
}

float ok(tensor *x) {
  tensor *v;
  head_view(x, 0, &v);
  float s = t_sum(v);
  tensor *c;
  maybe_head(x, 1, &c);
  if (c)
    s += t_sum(c);
  t_free(c);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *x = t_ones(8);
  score(x);
  t_free(x);
  return toy_finish(0);
}
#endif
