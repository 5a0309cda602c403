// Bug: the test is inverted: where `best` is a new candidate the function
// returns a copy of the caller's tensor instead, and the candidate leaks.
// (The comparison says which tensor `best` holds on each side.)
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

tensor *maybe_better(tensor *x0, int c) {
  tensor *best = x0;
  if (c)
    best = t_copy(x0);
  if (best != x0)
    return t_copy(x0); // expected-warning {{the tensor created by 't_copy' is never released: it leaks at this return}}
  return t_copy(best);
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *x = t_ones(2);
  if (!x)
    return 1;
  tensor *b = maybe_better(x, 1);
  int bad = !b;
  t_free(b);
  t_free(x);
  return toy_finish(bad);
}
#endif
