// TSCOPE_AUTO_LOOPS: each iteration of each loop is a scope (begun in the
// header, ended on the back edge and on every exit edge, innermost first);
// a tensor assigned to a variable declared outside the loop is adopted by
// that variable's scope; one declared inside stays in the iteration's scope.
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -I%S/Inputs -O0 -S -emit-llvm -o - %s | FileCheck %s
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -I%S/Inputs -O2 -S -emit-llvm -o - %s | FileCheck %s --check-prefix=OPT
#include "tensor.h"

// CHECK-LABEL: define {{.*}}i32 @train(
// CHECK: %[[FN:.*]] = call ptr @tscope_scope_begin_auto(
// The outer back edge (placed before the header) ends the outer iteration
// and keeps the loop's metadata.
// CHECK: call void @tscope_scope_end(ptr %[[OS:[0-9]+]])
// CHECK-NEXT: br label %{{[0-9]+}}, !llvm.loop
// CHECK: %[[OS]] = call ptr @tscope_scope_begin_auto(
// CHECK: call void @tscope_scope_end(ptr %[[IS:[0-9]+]])
// CHECK-NEXT: br label %{{[0-9]+}}, !llvm.loop
// CHECK: %[[IS]] = call ptr @tscope_scope_begin_auto(
// `tmp` is declared in the inner loop: no adoption.
// CHECK: call ptr @tensor_new(
// CHECK-NOT: tscope_scope_adopt
// CHECK: store ptr
// `w` is declared outside both loops: adopted by the function scope.
// CHECK: call ptr @tscope_scope_adopt(ptr %[[FN]], ptr %[[W:.*]])
// CHECK-NEXT: store ptr %[[W]]
// `row` is declared in the outer loop: adopted by the outer iteration.
// CHECK: call ptr @tscope_scope_adopt(ptr %[[OS]], ptr %[[R:.*]])
// CHECK-NEXT: store ptr %[[R]]
// The inner loop's exit ends its iteration, before `row` is used.
// CHECK: call void @tscope_scope_end(ptr %[[IS]])
// CHECK: call i32 @tensor_use(
// The outer loop's exit, then the function's own end.
// CHECK: call void @tscope_scope_end(ptr %[[OS]])
// CHECK: call void @tscope_scope_end(ptr %[[FN]])
// CHECK-NEXT: ret i32
// The marks used to find declarations outside loops are gone.
// CHECK-NOT: llvm.var.annotation
// CHECK-NOT: tensorscope.loop_depth
// OPT-LABEL: define {{.*}}i32 @train(
// OPT: call ptr @tscope_scope_begin_auto(
// OPT: call ptr @tscope_scope_begin_auto(
// OPT: call ptr @tscope_scope_adopt(
// OPT: call void @tscope_scope_end(
// OPT-NOT: llvm.var.annotation
TSCOPE_AUTO_LOOPS int train(int steps, int rows) {
  tensor *w = tensor_new(1);
  for (int s = 0; s < steps; s++) {
    tensor *row = 0;
    for (int r = 0; r < rows; r++) {
      tensor *tmp = tensor_new(r);
      if (r == 2) {
        tensor_free(w);
        w = tensor_new(s);
      }
      row = tmp;
    }
    tensor_use(row);
  }
  int n = tensor_use(w);
  tensor_free(w);
  return n;
}

// A return from inside a loop: the returned tensor survives the loop's
// scope and the function's.  (Clang returns through the return slot, a
// variable outside every loop: the tensor is adopted by the function scope.)
// CHECK-LABEL: define {{.*}}ptr @find(
// CHECK: %[[F:.*]] = call ptr @tscope_scope_begin_auto(
// CHECK: %[[L:.*]] = call ptr @tscope_scope_begin_auto(
// CHECK: call ptr @tscope_scope_adopt(ptr %[[F]],
// CHECK-NEXT: store ptr
// CHECK-NEXT: br label %[[RET:[0-9]+]]
// The return path keeps the iteration open until it leaves the loop's code.
// CHECK: [[RET]]:
// CHECK-NEXT: call void @tscope_scope_end(ptr %[[L]])
// CHECK: call ptr @tscope_scope_end_keep(ptr %[[F]],
// OPT-LABEL: define {{.*}}ptr @find(
// OPT: %[[F2:.*]] = {{.*}}call ptr @tscope_scope_begin_auto(
// OPT: call ptr @tscope_scope_adopt(ptr %[[F2]],
// OPT: call ptr @tscope_scope_end_keep(ptr %[[F2]],
TSCOPE_AUTO_LOOPS tensor *find(int n) {
  for (int i = 0; i < n; i++) {
    tensor *t = tensor_new(i);
    if (tensor_use(t) > 3)
      return t;
  }
  return 0;
}

// `do { } while (0)` is no loop: no scope.
// CHECK-LABEL: define {{.*}}@once(
// CHECK: call ptr @tscope_scope_begin_auto(
// CHECK-NOT: call ptr @tscope_scope_begin_auto(
// CHECK: ret void
TSCOPE_AUTO_LOOPS void once(int n) {
  do {
    tensor *t = tensor_new(n);
    tensor_free(t);
  } while (0);
}
