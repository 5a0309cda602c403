// A release helper defined in another file (issue 12): this file does not
// know its role, so its call is not instrumented; the other file's body is,
// at the real gsl_matrix_free.  Built plainly and with the plugin, each
// file separately, the program behaves the same and nothing is reported,
// in a scope (a missed release would be freed again at its end) and out.
// REQUIRES: gsl
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %clang -O1 -g -c -o %t.d/plain-helper.o %S/Inputs/drop-helper.c
// RUN: %clang -O1 -g -o %t.d/plain %s %t.d/plain-helper.o %rtlib -lgsl -lgslcblas -lm
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-api=%apis/gsl.yaml -O1 -g -c -o %t.d/ts-helper.o %S/Inputs/drop-helper.c
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-api=%apis/gsl.yaml -O1 -g -o %t.d/ts %s %t.d/ts-helper.o %rtlib -lgsl -lgslcblas -lm
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-api=%apis/gsl.yaml -O1 -g -fsanitize=address -o %t.d/ts-asan %s %t.d/ts-helper.o %rtlib -lgsl -lgslcblas -lm
// RUN: %t.d/plain > %t.d/plain.out
// RUN: env TSCOPE_OPTIONS=exitcode=86 %t.d/ts > %t.d/ts.out 2> %t.d/ts.err
// RUN: env TSCOPE_OPTIONS=exitcode=86 %t.d/ts-asan > %t.d/ts-asan.out 2> %t.d/ts-asan.err
// RUN: diff %t.d/plain.out %t.d/ts.out
// RUN: diff %t.d/plain.out %t.d/ts-asan.out
// RUN: not grep -e TensorScope -e AddressSanitizer %t.d/ts.err %t.d/ts-asan.err
// The runtime heard of every release: nothing lost, all tracked released.
// RUN: env TSCOPE_OPTIONS=verbose=1 %t.d/ts 2>&1 >/dev/null | FileCheck %s
// CHECK-COUNT-400: TensorScope: track
// CHECK-NOT: was lost
#include <gsl/gsl_matrix.h>
#include <stdio.h>
#include <tensorscope.h>

void drop_elsewhere(gsl_matrix *m);

int main(void) {
  double sum = 0;
  for (int round = 0; round < 200; round++) {
    TSCOPE_SCOPE {
      gsl_matrix *a = gsl_matrix_alloc(3, 3);
      gsl_matrix_set_all(a, round);
      sum += gsl_matrix_get(a, 1, 1);
      drop_elsewhere(a);
    }
    gsl_matrix *b = gsl_matrix_alloc(3, 3);
    sum += b->size1;
    drop_elsewhere(b);
  }
  printf("sum %g\n", sum);
  return 0;
}
