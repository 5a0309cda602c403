// lint-error=CAT makes a category an error; the others stay warnings.
// RUN: %lint_verify -fplugin-arg-tensorscope-lint-error=leak %s
#include "tensor.h"

void f(size_t n) {
  t_zeros(n); // expected-error {{the result is dropped [-Wtscope-leak]}}
  tensor *t = t_zeros_or_die(n);
  t_free(t);
  t_free(t); // expected-warning {{released twice [-Wtscope-double-release]}}
}
