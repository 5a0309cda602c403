// The leak report at exit names the user's file:line (not the library's),
// counts per site, most first, and the scope each leak was created in.
// RUN: %clang -c -o %t.lib.o %S/Inputs/tensorlib.c
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -I%S/Inputs -O1 -o %t %s %t.lib.o %rtlib
// RUN: %t 2> %t.err
// RUN: FileCheck %s < %t.err
// The same without optimization and without debug info requested.
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -I%S/Inputs -O0 -o %t0 %s %t.lib.o %rtlib
// RUN: %t0 2> %t0.err
// RUN: FileCheck %s < %t0.err
#include "tensorlib.h"
#include <stdio.h>

static tensor *keep[8];

static void leak_some(int n) {
  for (int i = 0; i < n; i++)
    keep[i] = tensor_new(4, 1.0); // CHECK: TensorScope: 3 tensors created at {{.*}}leak-report.c:[[#@LINE]] in leak_some (tensor_new)
}

int main(void) {
  leak_some(3);
  tensor *once = tensor_new(2, 0.0); // CHECK: TensorScope: 1 tensor created at {{.*}}leak-report.c:[[#@LINE]] in main (tensor_new)
  tensor *freed = tensor_new(2, 0.0);
  tensor_free(freed);
  (void)once;
  printf("done\n");
  return 0;
}
// CHECK: TensorScope: 4 tensors leaked from 2 sites
