// Bug: a local function pointer only ever set to t_free releases as t_free
// does, so a release through it and then by name is a double release.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

float drop_twice(size_t n) {
  void (*release)(tensor *) = &t_free;
  tensor *t = t_ones(n); // expected-note {{tensor created here by 't_ones'}}
  if (!t)
    return -1;
  float s = t_sum(t);
  release(t); // expected-note {{first released here}}
  t_free(t); // expected-warning {{the tensor created by 't_ones' is released twice}}
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(drop_twice(3) == 3 ? 0 : 1); }
#endif
