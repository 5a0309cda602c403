// A create whose result is thrown away leaks at once.
// RUN: %clang %tscope_plugin -fsyntax-only -Xclang -verify -I%S/Inputs %s
#include "tensor.h"

void bug(void) {
  t_zeros(3); // expected-warning {{dropped}}
}
