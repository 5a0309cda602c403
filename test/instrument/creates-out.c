// Out-parameter creates are tracked only when their success condition holds
// (conditions from an API description file); `always` tracks unconditionally.
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -fplugin-arg-tensorscope-api=%S/Inputs/status-api.yaml -O0 -S -emit-llvm -o - %s | FileCheck %s
typedef struct thing thing;
typedef struct status status;
int make_zero(thing **out);
int make_nonzero(int n, thing **out);
status *make_status(thing **out);
void *make_ok(thing **out);
void thing_free(thing *t);

// CHECK-LABEL: define {{.*}}@all(
// CHECK: %[[Z:.*]] = call i32 @make_zero(ptr {{.*}}%[[OUT1:[0-9]+]])
// CHECK-NEXT: %[[OK1:.*]] = icmp eq i32 %[[Z]], 0
// CHECK-NEXT: br i1 %[[OK1]], label %[[T1:[0-9]+]], label
// CHECK: [[T1]]:
// CHECK-NEXT: %[[V1:.*]] = load ptr, ptr %[[OUT1]]
// CHECK-NEXT: call ptr @tscope_track(ptr %[[V1]], ptr @thing_free,
// CHECK: %[[NZ:.*]] = call i32 @make_nonzero(i32 {{.*}}, ptr {{.*}}%[[OUT2:[0-9]+]])
// CHECK-NEXT: %[[OK2:.*]] = icmp ne i32 %[[NZ]], 0
// CHECK-NEXT: br i1 %[[OK2]]
// CHECK: load ptr, ptr %[[OUT2]]
// CHECK-NEXT: call ptr @tscope_track(
// CHECK: %[[ST:.*]] = call ptr @make_status(
// CHECK-NEXT: %[[OK3:.*]] = icmp eq ptr %[[ST]], null
// CHECK-NEXT: br i1 %[[OK3]]
// CHECK: call ptr @tscope_track(
// CHECK: %[[P:.*]] = call ptr @make_ok(
// CHECK-NEXT: %[[OK4:.*]] = icmp ne ptr %[[P]], null
// CHECK-NEXT: br i1 %[[OK4]]
// CHECK: call ptr @tscope_track(
void all(int n) {
  thing *a, *b, *c, *d;
  make_zero(&a);
  make_nonzero(n, &b);
  make_status(&c);
  make_ok(&d);
  thing_free(a);
  thing_free(b);
  thing_free(c);
  thing_free(d);
}
