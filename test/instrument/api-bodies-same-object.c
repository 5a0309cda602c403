// A declared release whose body releases its own argument again through
// another declared release (Python's static inline Py_XDECREF calls
// Py_DECREF): the caller's call already tells the runtime, so the inner one
// must not (it would count a shared object's reference twice, a false
// double release).  Only for bodies with internal linkage: an exported
// wrapper may be called by code built without the plugin, and keeps its
// tscope_release_inner (api-bodies.c, pair_free).
// RUN: %clang %tscope_plugin -I%S/Inputs -O0 -S -emit-llvm -o - %s | FileCheck %s
#include "tensor.h"

// CHECK-LABEL: define {{.*}}@exported_xfree(
// CHECK: call void @tscope_release_inner(
// CHECK-NEXT: call void @tensor_free(
// CHECK-LABEL: define {{.*}}@user(
// CHECK: call i32 @tscope_release(
// CHECK: call void @xfree(
// CHECK: call i32 @tscope_release(
// CHECK: call void @exported_xfree(
// CHECK: ret void
TSCOPE_RELEASES(1) static inline void xfree(tensor *t) {
  if (t)
    tensor_free(t);
}
TSCOPE_RELEASES(1) void exported_xfree(tensor *t) {
  if (t)
    tensor_free(t);
}
void user(int n) {
  xfree(tensor_new(n));
  exported_xfree(tensor_new(n));
}
// CHECK-LABEL: define {{.*}}@xfree(
// CHECK-NOT: tscope_
// CHECK: call void @tensor_free(
// CHECK-NOT: tscope_
// CHECK: ret void
