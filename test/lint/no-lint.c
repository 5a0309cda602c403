// TSCOPE_NO_LINT functions are skipped (their callers are still checked).
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

TSCOPE_NO_LINT void legacy(size_t n) {
  tensor *t = t_ones(n);
  t_print(t);
  t_free(t);
  t_free(t);
}

void checked(size_t n) {
  tensor *t = t_ones(n);
  t_print(t);
} // expected-warning {{never released}}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { checked(3); return toy_finish(0); }
#endif
