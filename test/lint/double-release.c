// Bug: released twice, on every path and on one path.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

void f(size_t n) {
  tensor *t = t_zeros_or_die(n);
  t_free(t);
  t_free(t); // expected-warning {{the tensor created by 't_zeros_or_die' is released twice}}
}

void g(size_t n, int early) {
  tensor *t = t_zeros_or_die(n);
  if (early)
    t_free(t);
  t_print(t); // expected-warning-re {{is passed to 't_print' after it was released; released when the condition at double-release.c:{{[0-9]+}} is true}}
  t_free(t); // expected-warning-re {{released twice; already released when the condition at double-release.c:{{[0-9]+}} is true}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
