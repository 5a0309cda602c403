// Bug: the tensor lives in an inner block and leaks when the function
// ends; no fix-it names it where it is out of scope (ggml's test-rel-pos.c:
// `ggml_free(ctx);` inserted after the block closed did not compile).
// RUN: %lint_verify %s
// RUN: %lint -fdiagnostics-parseable-fixits %s 2>&1 | FileCheck %s
#include "tensor.h"

float inner(size_t n) {
  float s = 0;
  {
    tensor *ctx = t_zeros_or_die(n);
    s += t_sum(ctx);
  }
  return s; // expected-warning {{the tensor created by 't_zeros_or_die' is never released: it leaks at this return}}
}
// CHECK: warning: the tensor created by 't_zeros_or_die' is never released
// CHECK-NOT: fix-it:
