// C++: creates and releases called through `invoke` are instrumented on the
// normal edge; member functions are found by their mangled names (index 1 is
// `this`); an auto-scoped function ends its scope when an exception leaves it.
// RUN: %clangxx %tscope_plugin -fplugin-arg-tensorscope-lint=0 -I%S/Inputs -O0 -S -emit-llvm -o - %s | FileCheck %s
// RUN: %clangxx %tscope_plugin -fplugin-arg-tensorscope-lint=0 -I%S/Inputs -O2 -S -emit-llvm -o - %s | FileCheck %s --check-prefix=OPT
#include "tensor.h"

struct Guard {
  ~Guard();
};
void may_throw();

// CHECK-LABEL: define {{.*}}@_Z10with_guardi(
// CHECK: %[[T:.*]] = invoke ptr @tensor_new(
// CHECK-NEXT: to label %[[NORMAL:[0-9]+]] unwind label
// CHECK: [[NORMAL]]:
// CHECK-NEXT: call ptr @tscope_track(ptr %[[T]], ptr @tensor_free,
// CHECK: %[[OK:.*]] = call i32 @tscope_release(ptr %[[F:[0-9]+]],
// CHECK: invoke void @tensor_free(ptr {{.*}}%[[F]])
int with_guard(int n) {
  Guard g;
  tensor *t = tensor_new(n);
  may_throw();
  tensor_free(t);
  return 0;
}

struct Pool {
  TSCOPE_CREATES tensor *make(int n);
  TSCOPE_RELEASES(2) void drop(tensor *t);
};

// CHECK-LABEL: define {{.*}}@_Z8use_poolR4Pooli(
// CHECK: %[[M:.*]] = call {{.*}}ptr @_ZN4Pool4makeEi(
// CHECK-NEXT: call ptr @tscope_track(ptr %[[M]],
// CHECK: call i32 @tscope_release(ptr %[[D:[0-9]+]],
// CHECK: call void @_ZN4Pool4dropEP6tensor(ptr {{.*}}, ptr {{.*}}%[[D]])
void use_pool(Pool &p, int n) {
  tensor *t = p.make(n);
  p.drop(t);
}

// Every call that may throw becomes an invoke whose cleanup ends the scope
// and resumes unwinding.
// CHECK-LABEL: define {{.*}}@_Z6scopedi(
// CHECK-SAME: personality ptr @__gxx_personality_v0
// CHECK: %[[S:.*]] = call ptr @tscope_scope_begin_auto(
// CHECK: invoke ptr @tensor_new(
// CHECK-NEXT: to label %{{[0-9]+}} unwind label %[[PAD:[0-9]+]]
// CHECK: invoke void @_Z9may_throwv()
// CHECK-NEXT: to label %{{[0-9]+}} unwind label %[[PAD]]
// CHECK: call void @tscope_scope_end(ptr %[[S]])
// CHECK-NEXT: ret i32
// CHECK: [[PAD]]:
// CHECK-NEXT: %[[LP:.*]] = landingpad { ptr, i32 }
// CHECK-NEXT: cleanup
// CHECK-NEXT: call void @tscope_scope_end(ptr %[[S]])
// CHECK-NEXT: resume { ptr, i32 } %[[LP]]
// OPT-LABEL: define {{.*}}@_Z6scopedi(
// OPT: landingpad { ptr, i32 }
// OPT-NEXT: cleanup
// OPT-NEXT: call void @tscope_scope_end(
// OPT-NEXT: resume
TSCOPE_AUTO int scoped(int n) {
  tensor *t = tensor_new(n);
  may_throw();
  return tensor_use(t);
}

// A function that already has cleanups: its own resume ends the scope too.
// CHECK-LABEL: define {{.*}}@_Z12scoped_guardi(
// CHECK: %[[S2:.*]] = call ptr @tscope_scope_begin_auto(
// CHECK: call void @tscope_scope_end(ptr %[[S2]])
// CHECK-NEXT: ret i32
// CHECK: call void @tscope_scope_end(ptr %[[S2]])
// CHECK-NEXT: resume
TSCOPE_AUTO int scoped_guard(int n) {
  Guard g;
  tensor *t = tensor_new(n);
  may_throw();
  return tensor_use(t);
}

// Template instantiations are auto-scoped too (their annotations reach the
// IR), loop depths included.
// CHECK-LABEL: define {{.*}}@_Z9run_loopsIiEdi(
// CHECK: %[[TS:.*]] = call ptr @tscope_scope_begin_auto(
// CHECK: %[[TL:.*]] = call ptr @tscope_scope_begin_auto(
// CHECK: call ptr @tscope_scope_adopt(ptr %[[TS]],
// CHECK: call void @tscope_scope_end(ptr %[[TL]])
template <typename T> TSCOPE_AUTO_LOOPS double run_loops(int n) {
  tensor *last = nullptr;
  for (int i = 0; i < n; i++) {
    tensor *t = tensor_new(i);
    last = t;
  }
  return tensor_use(last);
}
double use_template(int n) { return run_loops<int>(n); }
