// A double release is reported with the creation site, the first release and
// the second one, and with double_release=skip the program survives (the
// second real free is skipped; by default it proceeds, as without
// TensorScope).
// RUN: %clang -c -o %t.lib.o %S/Inputs/tensorlib.c
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -I%S/Inputs -O1 -o %t %s %t.lib.o %rtlib
// RUN: env TSCOPE_OPTIONS=double_release=skip %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: FileCheck %s --check-prefix=CREATED < %t.err
// RUN: FileCheck %s --check-prefix=FIRST < %t.err
// RUN: FileCheck %s --check-prefix=AGAIN < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
#include "tensorlib.h"
#include <stdio.h>

// CHECK: double release of tensor
// CHECK-NEXT: created at
// CHECK-NEXT: first released at
// CHECK-NEXT: released again at

static void release(tensor *t) { tensor_free(t); } // FIRST: first released at {{.*}}double-release.c:[[#@LINE]] in release (tensor_free)

int main(void) {
  tensor *t = tensor_new(16, 2.0); // CREATED: created at {{.*}}double-release.c:[[#@LINE]] in main (tensor_new)
  release(t);
  tensor_free(t); // AGAIN: released again at {{.*}}double-release.c:[[#@LINE]] in main (tensor_free)
  // OUT: survived, library live count 0
  printf("survived, library live count %ld\n", tensorlib_live());
  return 0;
}
