// Bug: released by an inferred release helper and then again by hand.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

static void destroy(tensor *t) { t_free(t); }

void use(size_t n) {
  tensor *t = t_ones(n);
  destroy(t);
  t_free(t); // expected-warning {{released twice}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { use(3); return toy_finish(0); }
#endif
