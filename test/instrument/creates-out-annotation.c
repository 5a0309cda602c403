// TSCOPE_SUCCESS in a header gives an annotated out-parameter create its
// success condition, as an API file's `success:` does: *out is tracked only
// on the path where the call succeeded. Without it, on every call.
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -O0 -S -emit-llvm -o - %s | FileCheck %s
#include <tensorscope.h>
typedef struct thing thing;
void thing_free(thing *t) TSCOPE_RELEASES(1);
int make_zero(thing **out) TSCOPE_CREATES_OUT(1) TSCOPE_SUCCESS(returns_zero);
void *make_ok(thing **out) TSCOPE_CREATES_OUT(1) TSCOPE_SUCCESS(returns_nonnull);
int make_any(thing **out) TSCOPE_CREATES_OUT(1);

// CHECK-LABEL: define {{.*}}@all(
// CHECK: %[[Z:.*]] = call i32 @make_zero(ptr {{.*}}%[[OUT1:[0-9]+]])
// CHECK-NEXT: %[[OK1:.*]] = icmp eq i32 %[[Z]], 0
// CHECK-NEXT: br i1 %[[OK1]], label %[[T1:[0-9]+]], label
// CHECK: [[T1]]:
// CHECK-NEXT: %[[V1:.*]] = load ptr, ptr %[[OUT1]]
// CHECK-NEXT: call ptr @tscope_track(ptr %[[V1]], ptr @thing_free,
// CHECK: %[[P:.*]] = call ptr @make_ok(
// CHECK-NEXT: %[[OK2:.*]] = icmp ne ptr %[[P]], null
// CHECK-NEXT: br i1 %[[OK2]]
// CHECK: call ptr @tscope_track(
// CHECK: call i32 @make_any(ptr {{.*}}%[[OUT3:[0-9]+]])
// CHECK-NEXT: %[[V3:.*]] = load ptr, ptr %[[OUT3]]
// CHECK-NEXT: call ptr @tscope_track(ptr %[[V3]], ptr @thing_free,
void all(void) {
  thing *a, *b, *c;
  make_zero(&a);
  make_ok(&b);
  make_any(&c);
  thing_free(a);
  thing_free(b);
  thing_free(c);
}
