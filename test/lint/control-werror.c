// clang's -Werror turns the lint's warnings into errors; -w silences them.
// RUN: %lint_verify -Werror %s
// RUN: %lint -w %s 2>&1 | count 0
// RUN: %lint -w -Werror %s 2>&1 | count 0
#include "tensor.h"

void f(size_t n) {
  t_zeros(n); // expected-error {{dropped [-Wtscope-leak]}}
}
