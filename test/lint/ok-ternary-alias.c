// Correct: a tensor picked by `?:` is released through the alias, the
// other one on the matching side of a later test of the same condition,
// or the pick is only read and both are released by name; a copy-or-view
// released only when it is the copy.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

void pick_and_free(size_t n, size_t m) {
  tensor *a = t_ones(n);
  tensor *b = t_ones(m);
  int a_first = n < m;
  tensor *small = a_first ? a : b;
  t_free(small);
  if (a_first)
    t_free(b);
  else
    t_free(a);
}

void pick_and_read(size_t n, size_t m) {
  tensor *a = t_ones(n);
  tensor *b = t_ones(m);
  tensor *small = n < m ? a : b;
  (void)t_sum(small);
  t_free(a);
  t_free(b);
}

void pick_by_if(size_t n, size_t m) {
  tensor *a = t_ones(n);
  tensor *b = t_ones(m);
  tensor *keep, *drop;
  if (n < m) {
    keep = a;
    drop = b;
  } else {
    keep = b;
    drop = a;
  }
  t_free(drop);
  (void)t_sum(keep);
  t_free(keep);
}

float head_sum(tensor *x, int copy) {
  tensor *src = copy ? t_copy(x) : t_view(x, 0, 2);
  float s = t_sum(src);
  if (copy)
    t_free(src);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  pick_and_free(3, 5);
  pick_and_free(5, 3);
  pick_and_read(3, 5);
  pick_by_if(3, 5);
  pick_by_if(5, 3);
  tensor *x = t_ones(4);
  float s = head_sum(x, 0) + head_sum(x, 1);
  t_free(x);
  return toy_finish(s > 0 ? 0 : 1);
}
#endif
