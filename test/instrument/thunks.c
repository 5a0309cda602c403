// Uses of a role function's address become the address of a thunk whose
// body is the instrumented direct call (docs/auto-scope.md); calls stay
// direct, TRACK(x)'s release function stays the real one, and a function
// without roles keeps its address.
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -I%S/Inputs -O0 -S -emit-llvm -o - %s | FileCheck %s
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -I%S/Inputs -O2 -S -emit-llvm -o - %s | FileCheck %s --check-prefix=O2
#include "tensor.h"

typedef void (*tensor_fn)(tensor *);
void apply(tensor_fn fn, tensor *t);
void plain_fn(tensor *t);

// A table of operations: the initializer holds the thunks.
// CHECK: @ops = {{.*}}global %struct.ops { ptr @__tscope_thunk.tensor_new, ptr @__tscope_thunk.tensor_free, ptr @plain_fn }
struct ops {
  tensor *(*make)(int);
  tensor_fn release, other;
} ops = {tensor_new, tensor_free, plain_fn};

// CHECK-LABEL: define {{.*}}@use(
// CHECK: call void @apply(ptr noundef @__tscope_thunk.tensor_free,
// CHECK: call ptr @tscope_track(ptr %{{.*}}, ptr @tensor_free,
// CHECK: call i32 @tscope_release(
// CHECK: call void @tensor_free(
void use(tensor *t) {
  apply(tensor_free, t);
  tensor *u = tscope_track(tensor_new(2), (void (*)(void *))tensor_free, TSCOPE_HERE);
  tensor_free(u);
}

// CHECK-LABEL: define internal ptr @__tscope_thunk.tensor_new(i32 noundef %0)
// CHECK: %[[T:.*]] = call ptr @tensor_new(i32 noundef %0)
// CHECK-NEXT: call ptr @tscope_track(ptr %[[T]], ptr @tensor_free,
// CHECK: ret ptr %[[T]]
// CHECK-LABEL: define internal void @__tscope_thunk.tensor_free(ptr noundef %0)
// CHECK: call i32 @tscope_release(ptr %0,
// CHECK: call void @tensor_free(ptr noundef %0)
// CHECK: ret void

// O2: define internal void @__tscope_thunk.tensor_free(
// O2: call i32 @tscope_release(
