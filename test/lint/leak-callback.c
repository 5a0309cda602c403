// Bug: handing a tensor to a callback or through a function pointer does
// not release it; tracking goes on and the leak is found.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

static float twice(float x) { return 2 * x; }

void run(size_t n, void (*visit)(tensor *)) {
  tensor *t = t_ones(n);
  if (!t)
    return;
  t_apply(t, twice);
  visit(t);
} // expected-warning {{the tensor created by 't_ones' is never released}}

#ifdef LINT_MAIN
#include "toy_run.h"
static void show(tensor *t) { t_print(t); }
int main(void) { run(3, show); return toy_finish(0); }
#endif
