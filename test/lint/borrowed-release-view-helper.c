// Bug: a same-file helper returns a view of its argument (`row(m)` wraps
// `t_view`), and the caller releases that view as if it were its own
// tensor. The helper's result is a view of `m`, as `t_view`'s is.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: bad-free
#include "tensor.h"

static tensor *row(tensor *m, size_t i) { return t_view(m, i, 1); }

static tensor *first_or_null(tensor *m) {
  if (m->n == 0)
    return NULL;
  return t_view(m, 0, 1);
}

float release_row(size_t n) {
  tensor *m = t_ones(n);
  if (!m)
    return -1;
  tensor *r = row(m, 1); // expected-note {{view created here by 'row'}}
  float s = t_sum(r);
  t_free(r); // expected-warning {{releasing the view returned by 'row', which belongs to the tensor it was taken from: never release a view}}
  t_free(m);
  return s;
}

float release_first(size_t n) {
  tensor *m = t_ones(n);
  if (!m)
    return -1;
  tensor *r = first_or_null(m); // expected-note {{view created here by 'first_or_null'}}
  float s = r ? t_sum(r) : 0;
  t_free(r); // expected-warning {{releasing the view returned by 'first_or_null', which belongs to the tensor it was taken from: never release a view}}
  t_free(m);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(release_row(3) == 1 ? 0 : 1); }
#endif
