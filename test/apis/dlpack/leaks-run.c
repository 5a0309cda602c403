// End to end on DLPack consumer code: a loop that overwrites the tensor it
// imported, an error path that forgets one; the deleter calls are
// instrumented like direct releases at -O0 and -O2, with and without -g:
// the at-exit report names the user's creation lines, and the tensors the
// program released through `t->deleter(t)` are not in it.
// RUN: %dlpack_impl
// RUN: %clang %tscope_plugin %dlpack_flags -fplugin-arg-tensorscope-lint=0 -O0 -o %t0 %s %t.producer.o %rtlib
// RUN: %t0 > %t0.out 2> %t0.err
// RUN: FileCheck %s < %t0.err
// RUN: FileCheck %s --check-prefix=OUT < %t0.out
// RUN: %clang %tscope_plugin %dlpack_flags -fplugin-arg-tensorscope-lint=0 -O2 -g -o %t2 %s %t.producer.o %rtlib
// RUN: %t2 > %t2.out 2> %t2.err
// RUN: FileCheck %s < %t2.err
// The other levels: -O1 -g and -O3 without -g.
// RUN: %clang %tscope_plugin %dlpack_flags -fplugin-arg-tensorscope-lint=0 -O1 -g -o %t1g %s %t.producer.o %rtlib
// RUN: %t1g > %t1g.out 2> %t1g.err
// RUN: FileCheck %s < %t1g.err
// RUN: %clang %tscope_plugin %dlpack_flags -fplugin-arg-tensorscope-lint=0 -O3 -o %t3 %s %t.producer.o %rtlib
// RUN: %t3 > %t3.out 2> %t3.err
// RUN: FileCheck %s < %t3.err
#include <producer.h>
#include <stdio.h>

static float sum(const DLTensor *t) {
  float s = 0;
  for (int64_t i = 0; i < t->shape[0]; i++)
    s += ((const float *)t->data)[i];
  return s;
}

static float batches(int n) {
  float total = 0;
  DLManagedTensor *batch = NULL;
  for (int i = 0; i < n; i++) {
    batch = producer_to_dlpack(4, (float)i); // CHECK-DAG: TensorScope: 3 tensors created at {{.*}}leaks-run.c:[[#@LINE]] in batches (producer_to_dlpack)
    if (!batch)
      return total;
    total += sum(&batch->dl_tensor);
  }
  if (batch)
    batch->deleter(batch);
  return total;
}

static int pair(int64_t n, float *out) {
  DLManagedTensor *a = NULL, *b = NULL;
  if (producer_export(4, &a) != 0) // CHECK-DAG: TensorScope: 1 tensor created at {{.*}}leaks-run.c:[[#@LINE]] in pair (producer_export)
    return -1;
  if (producer_export(n, &b) != 0)
    return -1; // forgets a
  *out = sum(&a->dl_tensor) + sum(&b->dl_tensor);
  (*b).deleter(b);
  a->deleter(a);
  return 0;
}

int main(void) {
  float s = 0;
  printf("batches %.1f\n", batches(4));
  printf("pair %d\n", pair(4, &s));
  printf("pair %d\n", pair(-1, &s));
  printf("live %d\n", producer_live());
  return 0;
}
// CHECK: TensorScope: 4 tensors leaked from 2 sites
// OUT: batches 24.0
// OUT-NEXT: pair 0
// OUT-NEXT: pair -1
// OUT-NEXT: live 4
