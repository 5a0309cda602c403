// creates_out into an array with `count:` and `success: '*$N == 0'`, at run
// time: after a successful call each of the n elements is tracked (the
// count an argument only known at run time); after a failed one nothing
// is, although the library filled the array with pointers (to a static
// object that is never freed).  At -O0 and -O2; the output is the plain
// build's.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -c -O1 -I%api_inputs/outarray -o %t/blobs.o %api_inputs/outarray/blobs.c
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-api=%api_inputs/outarray/blobs.yaml -fplugin-arg-tensorscope-lint=0 -I%api_inputs/outarray -O0 -o %t/run0 %s %t/blobs.o %rtlib
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-api=%api_inputs/outarray/blobs.yaml -fplugin-arg-tensorscope-lint=0 -I%api_inputs/outarray -O2 -o %t/run2 %s %t/blobs.o %rtlib
// RUN: %clang -I%api_inputs/outarray -O2 -o %t/plain %s %t/blobs.o
// RUN: %t/plain 3 > %t/plain.out
// RUN: %t/run0 3 > %t/run0.out 2> %t/run0.err
// RUN: %t/run2 3 > %t/run2.out 2> %t/run2.err
// RUN: FileCheck %s --check-prefix=OUT < %t/plain.out
// RUN: diff %t/plain.out %t/run0.out
// RUN: diff %t/plain.out %t/run2.out
// RUN: FileCheck %s < %t/run0.err
// RUN: FileCheck %s < %t/run2.err
#include "blobs.h"
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1;
  blob *made[8];
  int err = -1;
  blobs_make(made, n, 10.0, &err); // CHECK: TensorScope: 1 tensor created at {{.*}}outarray-run.c:[[#@LINE]] in main (blobs_make)
  if (err == 0)
    printf("made %d: %g .. %g\n", n, blob_value(made[0]), blob_value(made[n - 1]));
  for (int i = 0; i < n - 1; i++) // the last one is forgotten
    blob_free(made[i]);

  blob *failed[8];
  blobs_make(failed, n, -1.0, &err); // never tracked: *err != 0
  printf("failed: err=%d\n", err);

  // No err at all: the instrumentation must not read through NULL; the
  // success is unknown, so the blob is not tracked (and freeing it is fine).
  blob *unchecked[1];
  blobs_make(unchecked, 1, 7.0, NULL);
  printf("unchecked: %g\n", blob_value(unchecked[0]));
  blob_free(unchecked[0]);
  return 0;
}
// OUT: made 3: 10 .. 12
// OUT: failed: err=1
// OUT: unchecked: 7
// CHECK-NOT: blobs_make
// CHECK: TensorScope: 1 tensors leaked from 1 sites
