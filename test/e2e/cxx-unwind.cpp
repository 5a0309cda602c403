// C++: an exception that leaves an auto-scoped function ends its scopes on
// the way out, so the tensors created there are released; a tensor returned
// normally is kept.
// RUN: %clang -c -o %t.lib.o %S/Inputs/tensorlib.c
// RUN: %clangxx %tscope_plugin -fplugin-arg-tensorscope-lint=0 -I%S/Inputs -O0 -o %t %s %t.lib.o %rtlib
// RUN: %t 2>&1 | FileCheck %s
// RUN: %clangxx %tscope_plugin -fplugin-arg-tensorscope-lint=0 -I%S/Inputs -O2 -o %t2 %s %t.lib.o %rtlib
// RUN: %t2 2>&1 | FileCheck %s
#include "tensorlib.h"
#include <cstdio>
#include <stdexcept>

static void check(double v) {
  if (v > 10)
    throw std::runtime_error("too big");
}

TSCOPE_AUTO tensor *scaled(tensor *a, double k) {
  tensor *tmp = tensor_scale(a, k);
  check(tensor_sum(tmp));
  return tensor_scale(tmp, 1.0);
}

TSCOPE_AUTO_LOOPS void many(tensor *a) {
  for (int i = 0; i < 100; i++) {
    tensor *t = tensor_scale(a, i);
    check(tensor_sum(t));
  }
}

int main() {
  tensor *a = tensor_new(4, 1.0);
  tensor *ok = scaled(a, 2.0);
  // CHECK: kept: sum 8, library live 2
  std::printf("kept: sum %g, library live %ld\n", tensor_sum(ok), tensorlib_live());
  try {
    scaled(a, 100.0);
  } catch (const std::exception &e) {
    // CHECK-NEXT: caught too big, library live 2, scopes open 0
    std::printf("caught %s, library live %ld, scopes open %zu\n", e.what(),
                tensorlib_live(), tscope_scope_depth());
  }
  try {
    many(a);
  } catch (const std::exception &e) {
    // CHECK-NEXT: caught too big, library live 2, scopes open 0
    std::printf("caught %s, library live %ld, scopes open %zu\n", e.what(),
                tensorlib_live(), tscope_scope_depth());
  }
  tensor_free(ok);
  tensor_free(a);
  // CHECK-NEXT: end: library live 0
  std::printf("end: library live %ld\n", tensorlib_live());
  return 0;
}
// CHECK-NOT: TensorScope
