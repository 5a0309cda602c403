// An automatic scope releases what it holds through the tensor's own
// deleter (`release: '->deleter'`): the producer sees every tensor deleted,
// and nothing is reported.
// RUN: %dlpack_impl
// RUN: %clang %tscope_plugin %dlpack_flags -O0 -o %t0 %s %t.producer.o %rtlib
// RUN: %t0 2>&1 | FileCheck %s --implicit-check-not=TensorScope
// RUN: %clang %tscope_plugin %dlpack_flags -O2 -o %t2 %s %t.producer.o %rtlib
// RUN: %t2 2>&1 | FileCheck %s --implicit-check-not=TensorScope
#include <producer.h>
#include <stdio.h>
#include <tensorscope.h>

TSCOPE_AUTO static float scratch(int n) {
  float s = 0;
  for (int i = 0; i < n; i++) {
    DLManagedTensor *t = producer_to_dlpack(3, 1.0f);
    s += ((float *)t->dl_tensor.data)[0]; // never released here: the scope does it
  }
  return s;
}

int main(void) {
  printf("sum %.1f\n", scratch(5));
  // CHECK: sum 5.0
  printf("live %d\n", producer_live());
  // CHECK-NEXT: live 0
  return 0;
}
