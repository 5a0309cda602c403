// Where the runtime is told (docs/auto-scope.md): at calls of declared
// functions; inside their bodies (and the static helpers only they call)
// no tracking and no skipped release, only tscope_release_inner before a
// release; inside a helper whose role the lint inferred, at its real calls,
// and not where the helper is called.
// RUN: %clang %tscope_plugin -I%S/Inputs -O0 -S -emit-llvm -o - %s 2>/dev/null | FileCheck %s
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -I%S/Inputs -O0 -S -emit-llvm -o - %s | FileCheck %s
#include "tensor.h"

static tensor *fresh(int n) { return tensor_new(n); }

// A declared create and release of the user's own, built on the API.
// CHECK-LABEL: define {{.*}}@pair_new(
// CHECK-NOT: tscope_track
// CHECK: call void @tscope_release_inner(ptr %[[S:.*]], ptr
// CHECK-NEXT: call void @tensor_free(ptr noundef %[[S]])
// CHECK-NOT: tscope_
// CHECK: ret ptr
TSCOPE_CREATES tensor *pair_new(int n) {
  tensor *t = fresh(n);
  tensor *scratch = tensor_new(n);
  tensor_free(scratch);
  return t;
}
// Only pair_new calls it: part of the implementation.
// CHECK-LABEL: define internal ptr @fresh(
// CHECK-NOT: tscope_
// CHECK: ret ptr
// CHECK-LABEL: define {{.*}}@pair_free(
// CHECK-NOT: tscope_
// CHECK: call void @tscope_release_inner(
// CHECK-NEXT: call void @tensor_free(
// CHECK-NOT: tscope_
// CHECK: ret void
TSCOPE_RELEASES(1) void pair_free(tensor *t) { tensor_free(t); }

// An inferred helper (checked at the end, where clang emits it).
static void drop(tensor *t) { tensor_free(t); }

// CHECK-LABEL: define {{.*}}@user(
// CHECK: call ptr @pair_new(
// CHECK-NEXT: call ptr @tscope_track(
// CHECK: call i32 @tscope_release(
// CHECK: call void @pair_free(
// CHECK-NOT: tscope_release
// CHECK: call void @drop(
// CHECK: ret void
void user(int n) {
  tensor *p = pair_new(n);
  pair_free(p);
  tensor *q = tensor_new(n);
  drop(q);
}

// An inferred helper: its body tells the runtime.
// CHECK-LABEL: define internal void @drop(
// CHECK: call i32 @tscope_release(
// CHECK: call void @tensor_free(
