// Plugin options that change the IR side.
// instrument=0, no hook at all.
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -fplugin-arg-tensorscope-instrument=0 -I%S/Inputs -S -emit-llvm -o - %s | FileCheck %s --check-prefix=NOHOOK
// auto-scope=<regex>, matching functions get a scope without annotations.
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 '-fplugin-arg-tensorscope-auto-scope=^step_' -I%S/Inputs -S -emit-llvm -o - %s | FileCheck %s --check-prefix=BYNAME
// With -g the user's debug info stays, and sites still name the line.
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -g -I%S/Inputs -S -emit-llvm -o - %s | FileCheck %s --check-prefix=DEBUG
#include "tensor.h"

// NOHOOK-NOT: @tscope_
// BYNAME-LABEL: define {{.*}}@step_one(
// BYNAME: call ptr @tscope_scope_begin_auto(
// BYNAME: call void @tscope_scope_end(
// BYNAME-LABEL: define {{.*}}@other(
// BYNAME-NOT: tscope_scope_begin
// BYNAME: ret void
// DEBUG: call ptr @tscope_track({{.*}}), !dbg
// DEBUG: !llvm.dbg.cu
void step_one(int n) { tensor_use(tensor_new(n)); }
void other(int n) { tensor_use(tensor_new(n)); }

// Indirect calls are left alone, even of a role function.
// NOHOOK-LABEL: define {{.*}}@indirect(
// BYNAME-LABEL: define {{.*}}@indirect(
// BYNAME-NOT: tscope_track
// BYNAME: ret
tensor *indirect(tensor *(*make)(int), int n) { return make(n); }
