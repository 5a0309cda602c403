// Bug: ownership moved under a condition without clearing the moved-from
// variable: where the condition held, both variables hold the tensor and
// both release it.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

void moved(size_t n, int c) {
  tensor *a = NULL;
  tensor *b = t_zeros(n); // expected-note {{tensor created here by 't_zeros'}}
  if (c) {
    a = b;
  }
  t_free(a);
  t_free(b); // expected-warning {{released twice; already released when the condition at double-release-move-no-null.c:12 is true}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { moved(3, 1); return toy_finish(0); }
#endif
