// TSCOPE_AUTO: a scope from entry to every return; a returned tensor is kept;
// tensors escaping through a parameter, a global or a non-local struct are
// detached; a tensor kept in a local is not.
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -I%S/Inputs -O0 -S -emit-llvm -o - %s | FileCheck %s
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -I%S/Inputs -O2 -S -emit-llvm -o - %s | FileCheck %s --check-prefix=OPT
#include "tensor.h"

tensor *global_tensor;
struct holder { tensor *t; };

// CHECK-LABEL: define {{.*}}ptr @make_pair(
// CHECK: %[[S:.*]] = call ptr @tscope_scope_begin_auto(ptr @.tscope.site
// CHECK: call ptr @tensor_new(
// The store through the out parameter detaches.
// CHECK: call ptr @tscope_detach(
// CHECK-NEXT: store ptr
// The global store detaches.
// CHECK: call ptr @tscope_detach(
// CHECK-NEXT: store ptr {{.*}}@global_tensor
// The returned tensor is kept; nothing else ends the scope on this path.
// CHECK-NOT: tscope_scope_end(
// CHECK: call ptr @tscope_scope_end_keep(ptr %[[S]], ptr %[[RV:.*]])
// CHECK-NEXT: ret ptr %[[RV]]
// OPT-LABEL: define {{.*}}ptr @make_pair(
// OPT: call ptr @tscope_scope_begin_auto(
// OPT: call ptr @tscope_scope_end_keep(
TSCOPE_AUTO tensor *make_pair(int n, tensor **second) {
  tensor *first = tensor_new(n);
  tensor *tmp = tensor_new(n);
  *second = tensor_new(n);
  global_tensor = tensor_new(n);
  tensor_use(tmp);
  return first;
}

// Void and scalar returns end the scope on every return.
// CHECK-LABEL: define {{.*}}i32 @early(
// CHECK: %[[S2:.*]] = call ptr @tscope_scope_begin_auto(
// CHECK: call ptr @tensor_new(
// Storing into a struct passed in escapes; the local `keep` does not.
// CHECK: %[[FIELD:.*]] = getelementptr inbounds {{(nuw )?}}%struct.holder
// CHECK-NEXT: call ptr @tscope_detach(
// CHECK-NEXT: store ptr {{.*}}, ptr %[[FIELD]]
// CHECK: call void @tscope_scope_end(ptr %[[S2]])
// CHECK-NEXT: ret i32
// At -O2 the returns may stay apart; each ends the scope.
// OPT-LABEL: define {{.*}}i32 @early(
// OPT-NOT: ret i32
// OPT: call void @tscope_scope_end(
// OPT-NEXT: ret i32
TSCOPE_AUTO int early(int n, struct holder *h) {
  tensor *keep = tensor_new(n);
  h->t = tensor_new(n);
  if (n > 3)
    return tensor_use(keep);
  return 0;
}

// A local struct whose address leaves the function: stores into it detach.
// CHECK-LABEL: define {{.*}}@escape_local(
// CHECK: call ptr @tensor_new(
// CHECK: call ptr @tscope_detach(
// CHECK-NEXT: store ptr
void consume_holder(struct holder *h);
TSCOPE_AUTO void escape_local(int n) {
  struct holder local;
  local.t = tensor_new(n);
  consume_holder(&local);
}

// A struct returned by value is the return slot: its tensor is detached.
// CHECK-LABEL: define {{.*}}@by_value(
// CHECK: call ptr @tensor_new(
// CHECK: call ptr @tscope_detach(
// CHECK-NEXT: store ptr
// CHECK: call void @tscope_scope_end(
struct holder2 { tensor *t; long n; };
TSCOPE_AUTO struct holder2 by_value(int n) {
  struct holder2 r;
  r.t = tensor_new(n);
  r.n = n;
  return r;
}

// A function that is not auto-scoped gets no scope.
// CHECK-LABEL: define {{.*}}@not_scoped(
// CHECK-NOT: tscope_scope_begin
// CHECK: ret
tensor *not_scoped(int n) { return tensor_new(n); }
