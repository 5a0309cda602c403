// A create whose result is thrown away leaks at once.
// RUN: %lint_verify %s
#include "tensor.h"

void bug(void) {
  t_zeros(3); // expected-warning {{dropped}}
}
