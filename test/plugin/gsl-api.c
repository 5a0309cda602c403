// apis/gsl.yaml against the real libgsl-dev headers: all of them in one TU;
// no entry matches nothing and every release function exists (api-check is
// silent), and an independent script checks the role of every function of
// the covered families, read from the headers themselves.
// REQUIRES: gsl
// RUN: python3 %S/Inputs/gsl_all_headers.py /usr/include/gsl > %t.c
// RUN: %clang -fsyntax-only %tscope_plugin -fplugin-arg-tensorscope-lint=0 \
// RUN:   -fplugin-arg-tensorscope-api=%apis/gsl.yaml -fplugin-arg-tensorscope-api-check=1 \
// RUN:   -fplugin-arg-tensorscope-dump-roles=1 %t.c > %t.roles 2> %t.err
// RUN: FileCheck %s --check-prefix=QUIET --allow-empty < %t.err
// QUIET-NOT: warning
// RUN: python3 %S/Inputs/check_gsl_roles.py /usr/include/gsl %t.roles | FileCheck %s --check-prefix=SCRIPT
// SCRIPT: gsl roles: {{[0-9]+}} checks, 0 problems
// RUN: FileCheck %s < %t.roles
// The shipped name works as well as the path.
// RUN: %clang -fsyntax-only %tscope_plugin -fplugin-arg-tensorscope-lint=0 \
// RUN:   -fplugin-arg-tensorscope-api=gsl -fplugin-arg-tensorscope-dump-roles=1 %t.c | FileCheck %s
// CHECK-DAG: tscope-role: gsl_matrix_alloc creates null=may release=gsl_matrix_free source=api
// CHECK-DAG: tscope-role: gsl_matrix_complex_long_double_alloc_from_block creates null=may release=gsl_matrix_complex_long_double_free source=api
// CHECK-DAG: tscope-role: gsl_vector_ushort_alloc_row_from_matrix creates null=may release=gsl_vector_ushort_free source=api
// CHECK-DAG: tscope-role: gsl_block_uchar_calloc creates null=may release=gsl_block_uchar_free source=api
// CHECK-DAG: tscope-role: gsl_matrix_submatrix borrows(1) source=api
// CHECK-DAG: tscope-role: gsl_vector_subvector borrows(1) source=api
// CHECK-DAG: tscope-role: gsl_matrix_float_const_view_array borrows(1) source=api
// CHECK-DAG: tscope-role: gsl_matrix_row borrows(1) source=api
// CHECK-DAG: tscope-role: gsl_matrix_column borrows(1) source=api
// CHECK-DAG: tscope-role: gsl_permutation_calloc creates null=may release=gsl_permutation_free source=api
// CHECK-DAG: tscope-role: gsl_rng_alloc creates null=may release=gsl_rng_free source=api
// CHECK-DAG: tscope-role: gsl_spline_alloc creates null=may release=gsl_spline_free source=api
// CHECK-DAG: tscope-role: gsl_interp_accel_alloc creates null=may release=gsl_interp_accel_free source=api
// CHECK-DAG: tscope-role: gsl_integration_workspace_alloc creates null=may release=gsl_integration_workspace_free source=api
// CHECK-DAG: tscope-role: gsl_multimin_fdfminimizer_alloc creates null=may release=gsl_multimin_fdfminimizer_free source=api
// CHECK-DAG: tscope-role: gsl_multiroot_fsolver_alloc creates null=may release=gsl_multiroot_fsolver_free source=api
// CHECK-DAG: tscope-role: gsl_odeiv2_driver_alloc_y_new creates null=may release=gsl_odeiv2_driver_free source=api
// CHECK-DAG: tscope-role: gsl_eigen_symmv_alloc creates null=may release=gsl_eigen_symmv_free source=api
// CHECK-DAG: tscope-role: gsl_multifit_linear_alloc creates null=may release=gsl_multifit_linear_free source=api
// CHECK-DAG: tscope-role: gsl_matrix_free releases(1) accepts_null=1 source=api
