// Every role gets its hook, at -O0 and -O2, with the calling line in the site.
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -I%S/Inputs -O0 -S -emit-llvm -o - %s | FileCheck %s --check-prefixes=CHECK,O0
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -I%S/Inputs -O0 -S -emit-llvm -o - %s | FileCheck %s --check-prefix=SITE
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -I%S/Inputs -O2 -S -emit-llvm -o - %s | FileCheck %s --check-prefixes=CHECK,O2
#include "tensor.h"

// SITE-DAG: @[[FILE:.tscope.str[.0-9]*]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"{{.*}}roles.c\00"
// SITE-DAG: @[[NEW:.tscope.str[.0-9]*]] = private unnamed_addr constant [11 x i8] c"tensor_new\00"
// SITE-DAG: @[[FN:.tscope.str[.0-9]*]] = private unnamed_addr constant [6 x i8] c"roles\00"

// CHECK-LABEL: define {{.*}}i32 @roles(
// CHECK: %[[T:.*]] = {{.*}}call ptr @tensor_new(
// CHECK-NEXT: {{.*}}call ptr @tscope_track(ptr %[[T]], ptr {{.*}}@tensor_free, ptr {{.*}}@.tscope.site{{.*}})
// CHECK: {{.*}}call void @tensor_ref(ptr {{.*}}%[[R:[^)]*]])
// CHECK-NEXT: {{.*}}call void @tscope_retain(ptr %[[R]])
int roles(int n) {
  tensor *a = tensor_new(n); // SITE-DAG: @[[CREATED:.tscope.site[.0-9]*]] = private constant { ptr, i32, i32, ptr, ptr } { ptr @[[FILE]], i32 [[#@LINE]], i32 15, ptr @[[FN]], ptr @[[NEW]] }
  tensor_ref(a);
  // CHECK: {{.*}}call ptr @tscope_detach(ptr %[[K:.*]])
  // CHECK-NEXT: {{.*}}call void @tensor_keep(ptr {{.*}}%[[K]])
  tensor_keep(a);
  tensor *b;
  // CHECK: {{.*}}call i32 @tensor_make(ptr {{.*}}%[[OUT:[^,]*]],
  // CHECK-NEXT: %[[MADEV:.*]] = load ptr, ptr %[[OUT]]
  // CHECK-NEXT: {{.*}}call ptr @tscope_track(ptr %[[MADEV]], ptr {{.*}}@tensor_free, ptr {{.*}}@.tscope.site{{.*}})
  tensor_make(&b, n); // SITE-DAG: @[[MADE:.tscope.site[.0-9]*]] = private constant { ptr, i32, i32, ptr, ptr } { ptr @[[FILE]], i32 [[#@LINE]], i32 3, ptr @[[FN]], ptr @{{.*}} }
  // CHECK: {{.*}}call ptr @tscope_detach(ptr %[[G:.*]])
  // CHECK-NEXT: {{.*}}call void @tensor_give(ptr {{.*}}%[[G]])
  tensor_give(b);
  int r = tensor_use(tensor_view(a));
  // CHECK: %[[OK:.*]] = call i32 @tscope_release(ptr %[[F:.*]], ptr {{.*}}@.tscope.site{{.*}})
  // The real release runs only when the runtime says so.
  // O0-NEXT: %[[GO:.*]] = icmp ne i32 %[[OK]], 0
  // O0-NEXT: br i1 %[[GO]], label %[[REAL:.*]], label %[[SKIP:.*]]
  // O0: [[REAL]]:
  // O0-NEXT: call void @tensor_free(ptr {{.*}}%[[F]])
  // O0-NEXT: br label %[[SKIP]]
  // O2-NEXT: %[[STOP:.*]] = icmp eq i32 %[[OK]], 0
  // O2-NEXT: br i1 %[[STOP]], label %{{.*}}, label %[[REAL:.*]]
  // O2: [[REAL]]:
  // O2-NEXT: call void @tensor_free(ptr {{.*}}%[[F]])
  tensor_free(a); // SITE-DAG: @[[RELEASED:.tscope.site[.0-9]*]] = private constant { ptr, i32, i32, ptr, ptr } { ptr @[[FILE]], i32 [[#@LINE]], i32 3, ptr @[[FN]], ptr @{{.*}} }
  return r;
}

// Borrowed views and plain calls get no hooks; no debug info is left behind
// when the compile did not ask for it.
// CHECK-LABEL: define {{.*}}@plain(
// CHECK-NOT: tscope_
// CHECK: ret
int plain(tensor *t) { return tensor_use(tensor_view(t)); }
// CHECK-NOT: !dbg
// CHECK-NOT: llvm.dbg.cu
