// Reference counts at run time: a release that leaves references is not a
// release (the object stays tracked and alive), a retain never given back
// is reported at exit with the object's creation line, a balanced object
// never is.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -c -O1 -I%api_inputs/refcount -o %t/refobj.o %api_inputs/refcount/refobj.c
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-api=%api_inputs/refcount/refobj.yaml -fplugin-arg-tensorscope-lint=0 -I%api_inputs/refcount -O0 -o %t/run0 %s %t/refobj.o %rtlib
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-api=%api_inputs/refcount/refobj.yaml -fplugin-arg-tensorscope-lint=0 -I%api_inputs/refcount -O2 -o %t/run2 %s %t/refobj.o %rtlib
// RUN: %t/run0 > %t/run0.out 2> %t/run0.err
// RUN: %t/run2 > %t/run2.out 2> %t/run2.err
// RUN: FileCheck %s --check-prefix=OUT < %t/run0.out
// RUN: FileCheck %s --check-prefix=OUT < %t/run2.out
// RUN: FileCheck %s < %t/run0.err
// RUN: FileCheck %s < %t/run2.err
#include "refobj.h"
#include <stdio.h>

int main(void) {
  refobj *kept = obj_new(1.0); // CHECK: TensorScope: 1 tensor created at {{.*}}refcount-run.c:[[#@LINE]] in main (obj_new)
  obj_incref(kept);
  obj_decref(kept); // leaves one reference: not a release
  printf("kept: %g, %ld reference\n", obj_value(kept), obj_refcount(kept));

  refobj *balanced = obj_new(2.0);
  obj_incref(balanced);
  obj_incref(balanced);
  obj_decref(balanced);
  obj_decref(balanced);
  printf("balanced: %g, %ld reference\n", obj_value(balanced), obj_refcount(balanced));
  obj_decref(balanced);
  return 0;
}
// OUT: kept: 1, 1 reference
// OUT: balanced: 2, 1 reference
// CHECK: TensorScope: 1 tensors leaked from 1 sites
