// The lint on DLPack consumer code: `t->deleter(t)` releases t (through any
// spelling of the member call), and a leak's fix-it writes that call.
// RUN: %clang %tscope_plugin -fsyntax-only %dlpack_flags -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %clang %tscope_plugin -fsyntax-only %dlpack_flags -fdiagnostics-parseable-fixits %s 2>&1 | FileCheck %s
#include <producer.h>
#include <stdio.h>

static float sum(const DLTensor *t) {
  float s = 0;
  for (int64_t i = 0; i < t->shape[0]; i++)
    s += ((const float *)t->data)[i];
  return s;
}

// A loop that overwrites the tensor it imported each step.
float batches(int n) {
  float total = 0;
  DLManagedTensor *batch = NULL;
  for (int i = 0; i < n; i++) {
    batch = producer_to_dlpack(4, (float)i); // expected-warning {{the tensor created by 'producer_to_dlpack' leaks: 'batch' is overwritten while it still holds it (the tensor from the previous loop iteration)}}
    if (!batch)
      return total;
    total += sum(&batch->dl_tensor);
  }
  if (batch)
    batch->deleter(batch);
  return total;
}

// An error path that forgets the first tensor.
int pair(int64_t n, float *out) {
  DLManagedTensor *a = NULL, *b = NULL;
  if (producer_export(4, &a) != 0)
    return -1;
  if (producer_export(n, &b) != 0)
    return -1; // expected-warning {{the tensor created by 'producer_export' is never released: it leaks at this return}}
  // CHECK: lint.c:[[@LINE-1]]:5: warning: the tensor created by 'producer_export' is never released
  // CHECK: fix-it:"{{.*}}lint.c":{[[@LINE-2]]:5-[[@LINE-2]]:5}:"{ a->deleter(a); "
  // CHECK-NEXT: fix-it:"{{.*}}lint.c":{[[@LINE-3]]:15-[[@LINE-3]]:15}:" }"
  *out = sum(&a->dl_tensor) + sum(&b->dl_tensor);
  (*b).deleter(b);
  a->deleter(a);
  return 0;
}

// Released twice (and reading the deleter of a released tensor is a use
// after release).
void twice(void) {
  DLManagedTensor *t = producer_to_dlpack(2, 1.0f);
  if (!t)
    return;
  t->deleter(t);
  (*t->deleter)(t); // expected-warning {{the tensor created by 'producer_to_dlpack' is dereferenced after it was released}} expected-warning {{the tensor created by 'producer_to_dlpack' is released twice}}
}

// The correct versions: no warning.
float batches_correct(int n) {
  float total = 0;
  for (int i = 0; i < n; i++) {
    DLManagedTensor *batch = producer_to_dlpack(4, (float)i);
    if (!batch)
      return total;
    total += sum(&batch->dl_tensor);
    batch->deleter(batch);
  }
  return total;
}

int pair_correct(int64_t n, float *out) {
  DLManagedTensor *a = NULL, *b = NULL;
  if (producer_export(4, &a) != 0)
    return -1;
  if (producer_export(n, &b) != 0) {
    a->deleter(a);
    return -1;
  }
  *out = sum(&a->dl_tensor) + sum(&b->dl_tensor);
  b->deleter(b);
  a->deleter(a);
  return 0;
}

// A deleter copied out of the tensor and called through the copy: the
// compile says that call is not seen, and the lint, which does not see the
// release either, reports the tensor.
void copied(void) {
  DLManagedTensor *t = producer_to_dlpack(2, 1.0f);
  if (!t)
    return;
  if (t->deleter) { // a NULL check is no copy
    void (*d)(DLManagedTensor *) = t->deleter; // expected-warning {{the value of 'DLManagedTensor::deleter' is stored here: a call through the copy is not seen by TensorScope (neither the lint nor the instrumentation); call the member itself}}
    d(t);
  }
} // expected-warning {{the tensor created by 'producer_to_dlpack' is never released: it leaks at the end of 'copied'}}
