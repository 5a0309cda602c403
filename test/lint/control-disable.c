// lint-disable=CAT,... turns categories off.
// RUN: %lint -Xclang -verify -fplugin-arg-tensorscope-lint-disable=leak,use-after-release %s
#include "tensor.h"

void f(size_t n) {
  tensor *t = t_zeros_or_die(n);
  t_free(t);
  t_print(t);
  t_free(t); // expected-warning {{released twice}} expected-note@6 {{created here}} expected-note@7 {{first released here}}
  t_zeros(n);
}
