// Bug: leaks at the return from main count too (gcc's analyzer skips them).
// RUN: %lint_verify %s
#include "tensor.h"

int main(void) {
  tensor *t = t_ones(4);
  t_print(t);
  return 0; // expected-warning {{leaks at this return from 'main'}}
}
