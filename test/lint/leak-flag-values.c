// Bug: the stage that made the tensor is 1, but the cleanup releases it
// only at stage 2, which no path reaches.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

int staged(size_t n) {
  int stage = 0;
  tensor *a = t_ones(n); // expected-note {{tensor created here by 't_ones'}}
  if (!a)
    goto out;
  stage = 1;
out:
  if (stage == 2)
    t_free(a);
  return stage; // expected-warning {{the tensor created by 't_ones' is never released: it leaks at this return}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(staged(3) == 1 ? 0 : 1); }
#endif
