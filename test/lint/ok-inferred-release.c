// Correct: a helper that releases its parameter on every path is inferred
// to release, so calling it counts as the release.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

struct model {
  tensor *w;
};

static void destroy(tensor *t) {
  if (t)
    t_print(t);
  t_free(t);
}

static void drop_twice_removed(tensor *t) { destroy(t); }

void use(size_t n) {
  tensor *t = t_ones(n);
  destroy(t);
  tensor *u = t_ones(n);
  drop_twice_removed(u);
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { use(3); return toy_finish(0); }
#endif
