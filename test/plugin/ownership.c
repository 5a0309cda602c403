// Clang's ownership_* attributes (the static analyzer's annotations) count:
// ownership_returns = creates, ownership_takes = releases (the callee frees
// it), ownership_holds = consumes (the callee keeps it).  A returns pairs
// with the takes of its module.
// RUN: %clang -fsyntax-only %tscope_plugin -fplugin-arg-tensorscope-lint=0 \
// RUN:   -fplugin-arg-tensorscope-dump-roles=1 %s | FileCheck %s
#include <stddef.h>
typedef struct buf buf;
buf *buf_new(size_t n) __attribute__((ownership_returns(bufmod)));
void buf_done(buf *b) __attribute__((ownership_takes(bufmod, 1)));
void *arena_get(size_t n) __attribute__((ownership_returns(malloc)));
void arena_put(void *p) __attribute__((ownership_takes(malloc, 1)));
void list_hold(void *list, void *p) __attribute__((ownership_holds(malloc, 2)));
// An annotation beats the attribute where both speak.
#include <tensorscope.h>
void both(buf *a, buf *b) __attribute__((ownership_takes(bufmod, 1))) TSCOPE_RETAINS(2);

// CHECK: tscope-roles: 6 functions
// CHECK-NEXT: tscope-role: arena_get creates null=may release=arena_put source=ownership
// CHECK-NEXT: tscope-role: arena_put releases(1) accepts_null=1 source=ownership
// CHECK-NEXT: tscope-role: both releases(1) accepts_null=1 retains(2) source=annotation
// CHECK-NEXT: tscope-role: buf_done releases(1) accepts_null=1 source=ownership
// CHECK-NEXT: tscope-role: buf_new creates null=may release=buf_done source=ownership
// CHECK-NEXT: tscope-role: list_hold consumes(2) source=ownership
