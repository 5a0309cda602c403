// A few GSL headers with api=gsl (also used by tscope-cc.test).
// REQUIRES: gsl
// RUN: %clang -fsyntax-only %tscope_plugin -fplugin-arg-tensorscope-lint=0 \
// RUN:   -fplugin-arg-tensorscope-api=gsl -fplugin-arg-tensorscope-dump-roles=1 %s | FileCheck %s
// CHECK: tscope-role: gsl_vector_alloc creates null=may release=gsl_vector_free source=api
#include <gsl/gsl_vector.h>
#include <gsl/gsl_matrix.h>
int main(void) { return 0; }
