// Bug: detached from the automatic scope, then neither released nor
// returned.
// RUN: %lint_verify %s
#include "tensor.h"

TSCOPE_AUTO void f(size_t n) {
  tensor *t = t_detach(t_ones(n));
  t_print(t);
} // expected-warning {{the tensor created by 't_ones' is never released}}
