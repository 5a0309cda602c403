// Every TSCOPE_* annotation becomes its role in the table (C).
// RUN: %clang -fsyntax-only %tscope_plugin -fplugin-arg-tensorscope-lint=0 \
// RUN:   -fplugin-arg-tensorscope-dump-roles=1 %s | FileCheck %s
// The same with the IR side on and a real compile, at -O0 and -O2.
// RUN: %clang -c -O0 %tscope_plugin -fplugin-arg-tensorscope-lint=0 \
// RUN:   -fplugin-arg-tensorscope-dump-roles=1 %s -o %t.o | FileCheck %s
// RUN: %clang -c -O2 %tscope_plugin -fplugin-arg-tensorscope-lint=0 \
// RUN:   -fplugin-arg-tensorscope-dump-roles=1 %s -o %t.o | FileCheck %s
// RUN: %clang -c -O2 -flto %tscope_plugin -fplugin-arg-tensorscope-lint=0 \
// RUN:   -fplugin-arg-tensorscope-dump-roles=1 %s -o %t.lto.o | FileCheck %s
#include <tensorscope.h>

typedef struct tensor tensor;
tensor *t_new(int n) TSCOPE_CREATES;
int t_make(tensor **out, int n) TSCOPE_CREATES_OUT(1);
int t_load(const char *path, tensor **out) TSCOPE_CREATES_OUT(2) TSCOPE_SUCCESS(returns_zero);
void t_free(tensor *t) TSCOPE_RELEASES(1);
tensor *t_retain(tensor *t) TSCOPE_RETAINS(1);
void t_push(void *list, tensor *t) TSCOPE_CONSUMES(2);
tensor *t_keep(tensor *t) TSCOPE_DETACHES(1);
tensor *t_row(tensor *t, int i) TSCOPE_BORROWS(1);
void t_swap(tensor *a, tensor *b) TSCOPE_RELEASES(1) TSCOPE_RELEASES(2);
// Annotations on a later redeclaration count too.
tensor *t_late(void);
tensor *t_late(void) TSCOPE_CREATES TSCOPE_RELEASED_BY(t_free2);
void t_free2(tensor *t) TSCOPE_RELEASES(1);

TSCOPE_AUTO void step(void) {}
TSCOPE_AUTO_LOOPS void train(void) {}
TSCOPE_NO_LINT void messy(void) {}
// Not annotated: not in the table.
void plain(tensor *t);

// CHECK: tscope-roles: 14 functions
// CHECK-NEXT: tscope-role: messy no_lint source=annotation
// CHECK-NEXT: tscope-role: step auto source=annotation
// CHECK-NEXT: tscope-role: t_free releases(1) accepts_null=1 source=annotation
// CHECK-NEXT: tscope-role: t_free2 releases(1) accepts_null=1 source=annotation
// CHECK-NEXT: tscope-role: t_keep detaches(1) source=annotation
// CHECK-NEXT: tscope-role: t_late creates null=may release=t_free2 source=annotation
// CHECK-NEXT: tscope-role: t_load creates_out(2) success=returns_zero null=may release=t_free source=annotation
// CHECK-NEXT: tscope-role: t_make creates_out(1) success=always null=may release=t_free source=annotation
// CHECK-NEXT: tscope-role: t_new creates null=may release=t_free source=annotation
// CHECK-NEXT: tscope-role: t_push consumes(2) source=annotation
// CHECK-NEXT: tscope-role: t_retain retains(1) source=annotation
// CHECK-NEXT: tscope-role: t_row borrows(1) source=annotation
// CHECK-NEXT: tscope-role: t_swap releases(1,2) accepts_null=1 source=annotation
// CHECK-NEXT: tscope-role: train auto auto_loops source=annotation
// CHECK-NOT: plain
