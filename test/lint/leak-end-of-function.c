// Bug: a void function falls off its end still owning a tensor.
// RUN: %lint_verify %s
#include "tensor.h"

void show(size_t n) {
  tensor *t = t_zeros(n);
  t_print(t);
} // expected-warning {{leaks at the end of 'show'}}
