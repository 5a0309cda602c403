// api-check=1 reports entries that match no declaration of the TU and
// creates whose release function is missing; -w silences it, and without
// api-check nothing is said.
// RUN: %clang -fsyntax-only %tscope_plugin -fplugin-arg-tensorscope-lint=0 \
// RUN:   -fplugin-arg-tensorscope-api=%S/Inputs/check-api.yaml \
// RUN:   -fplugin-arg-tensorscope-api-check=1 %s 2>&1 | FileCheck %s
// RUN: %clang -fsyntax-only %tscope_plugin -fplugin-arg-tensorscope-lint=0 \
// RUN:   -fplugin-arg-tensorscope-api=%S/Inputs/check-api.yaml %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF --allow-empty
// RUN: %clang -fsyntax-only -w %tscope_plugin -fplugin-arg-tensorscope-lint=0 \
// RUN:   -fplugin-arg-tensorscope-api=%S/Inputs/check-api.yaml \
// RUN:   -fplugin-arg-tensorscope-api-check=1 %s 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
void *used_new(void);
void used_free(void *p);
void *orphan_new(void);
void *bare_new(void);
// CHECK-DAG: warning: tensorscope: API description {{.*}}check-api.yaml:8:5: function 'never_declared' matches no declaration in this translation unit [api-check]
// CHECK-DAG: warning: tensorscope: API description {{.*}}check-api.yaml:11:5: pattern '^nothing_like_this_' matches no declaration in this translation unit [api-check]
// CHECK-DAG: warning: tensorscope: API description {{.*}}check-api.yaml:13:5: release function 'orphan_free' of 'orphan_new' is not declared in this translation unit [api-check]
// CHECK-DAG: warning: tensorscope: API description {{.*}}check-api.yaml:16:5: create 'bare_new' names no release function [api-check]
// CHECK-NOT: used_
// OFF-NOT: warning
