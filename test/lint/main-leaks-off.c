// lint-main-leaks=0 silences leaks at the return from main (only there).
// RUN: %lint_verify -fplugin-arg-tensorscope-lint-main-leaks=0 %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

void helper(void) {
  tensor *t = t_ones(4);
  t_print(t);
} // expected-warning {{leaks at the end of 'helper'}}

int main(void) {
  tensor *t = t_ones(4);
  t_print(t);
  helper();
  return 0;
}
