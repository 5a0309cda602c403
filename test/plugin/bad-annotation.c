// Bad annotation arguments are errors naming the function and the
// annotation; an unknown annotation spelled tscope... is a warning.
// RUN: not %clang -fsyntax-only %tscope_plugin -fplugin-arg-tensorscope-lint=0 %s 2>&1 \
// RUN:   | FileCheck %s
#include <tensorscope.h>
typedef struct tensor tensor;

void zero(tensor *t) TSCOPE_RELEASES(0);
// CHECK: bad-annotation.c:[[@LINE-1]]:38: error: tensorscope: parameter index 0 of annotation 'tscope_releases' on 'zero' is out of range: the function has 1 parameter (indexes are 1-based)
void past(tensor *a, tensor *b) TSCOPE_CONSUMES(3);
// CHECK: bad-annotation.c:[[@LINE-1]]:49: error: tensorscope: parameter index 3 of annotation 'tscope_consumes' on 'past' is out of range: the function has 2 parameters (indexes are 1-based)
int out(void) TSCOPE_CREATES_OUT(1);
// CHECK: error: tensorscope: parameter index 1 of annotation 'tscope_creates_out' on 'out' is out of range: the function has 0 parameters
tensor *noarg(tensor *t) __attribute__((annotate("tscope_borrows")));
// CHECK: error: tensorscope: annotation 'tscope_borrows' on 'noarg' takes one parameter index, not 0
tensor *extra(void) __attribute__((annotate("tscope_creates", 1)));
// CHECK: error: tensorscope: annotation 'tscope_creates' on 'extra' takes no arguments, not 1
void str(tensor *t) __attribute__((annotate("tscope_releases", "one")));
// CHECK: error: tensorscope: annotation 'tscope_releases' on 'str' needs an integer parameter index
void typo(tensor *t) __attribute__((annotate("tscope_relase", 1)));
// CHECK: bad-annotation.c:[[@LINE-1]]:37: warning: tensorscope: unknown TensorScope annotation 'tscope_relase' on 'typo' is ignored
void shout(tensor *t) __attribute__((annotate("TSCOPE_RELEASES", 1)));
// CHECK: warning: tensorscope: unknown TensorScope annotation 'TSCOPE_RELEASES' on 'shout' is ignored
int when(tensor **out) TSCOPE_CREATES_OUT(1) TSCOPE_SUCCESS(returns_0);
// CHECK: error: tensorscope: annotation 'tscope_success' on 'when' needs one of always, returns_zero, returns_nonzero, returns_null, returns_nonnull, not 'returns_0'
int bare(tensor **out) TSCOPE_CREATES_OUT(1) __attribute__((annotate("tscope_success")));
// CHECK: error: tensorscope: annotation 'tscope_success' on 'bare' takes one success condition, not 0
tensor *not_out(void) TSCOPE_CREATES TSCOPE_SUCCESS(returns_nonnull);
// CHECK: bad-annotation.c:[[@LINE-1]]:38: warning: tensorscope: annotation 'tscope_success' on 'not_out' is ignored: it says when a TSCOPE_CREATES_OUT function made its tensor, and 'not_out' is not one
void other(tensor *t) __attribute__((annotate("my_tool_thing", 1)));
// CHECK-NOT: my_tool_thing
// Release functions are resolved at the end of the TU, so this comes last.
tensor *who(void) TSCOPE_CREATES TSCOPE_RELEASED_BY(nowhere);
// CHECK: bad-annotation.c:[[@LINE-1]]:34: error: tensorscope: TSCOPE_RELEASED_BY names 'nowhere', which is not declared in this translation unit
