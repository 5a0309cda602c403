// The unknown-annotation warning follows clang's own controls: -w silences
// it, -Werror makes it an error, and system headers are left alone.
// RUN: %clang -fsyntax-only %tscope_plugin -fplugin-arg-tensorscope-lint=0 %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARN
// RUN: %clang -fsyntax-only -w %tscope_plugin -fplugin-arg-tensorscope-lint=0 %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: not %clang -fsyntax-only -Werror %tscope_plugin -fplugin-arg-tensorscope-lint=0 %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR
#include "Inputs/sys/annotated-system.h"
void typo(void *t) __attribute__((annotate("tscope_auto_loop")));
// WARN: unknown-annotation-controls.c:[[@LINE-1]]:35: warning: tensorscope: unknown TensorScope annotation 'tscope_auto_loop' on 'typo' is ignored
// WARN-NOT: sys_typo
// QUIET-NOT: warning
// ERR: error: tensorscope: unknown TensorScope annotation 'tscope_auto_loop' on 'typo' is ignored
