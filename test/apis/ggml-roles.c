// apis/ggml.yaml selects ggml's tensor and graph makers by signature: every
// function taking `struct ggml_context *` (or a const one, or a graph) first
// and returning `struct ggml_tensor *` or `struct ggml_cgraph *` borrows
// from its first argument; functions of other shapes (a tensor first:
// ggml_set_name, ggml_set_f32; a size: ggml_used_mem) get nothing.
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-api=ggml -fplugin-arg-tensorscope-dump-roles=1 -fplugin-arg-tensorscope-api-check=1 -fsyntax-only -I%api_inputs/ggml %s 2>&1 | FileCheck %s --implicit-check-not=warning --implicit-check-not='role: ggml_set_name' --implicit-check-not='role: ggml_set_f32' --implicit-check-not='role: ggml_used_mem'
#include "ggml-alloc.h"

// CHECK: tscope-roles: 28 functions
// CHECK-DAG: tscope-role: ggml_init creates null=may release=ggml_free source=api origin={{.*}}ggml.yaml:22:5
// CHECK-DAG: tscope-role: ggml_free releases(1) accepts_null=1 source=api
// CHECK-DAG: tscope-role: ggml_add borrows(1) source=api origin={{.*}}ggml.yaml:32:5
// CHECK-DAG: tscope-role: ggml_mul_mat borrows(1) source=api origin={{.*}}ggml.yaml:32:5
// CHECK-DAG: tscope-role: ggml_new_tensor borrows(1) source=api
// CHECK-DAG: tscope-role: ggml_new_tensor_1d borrows(1) source=api
// CHECK-DAG: tscope-role: ggml_new_tensor_2d borrows(1) source=api
// CHECK-DAG: tscope-role: ggml_dup_tensor borrows(1) source=api
// CHECK-DAG: tscope-role: ggml_view_1d borrows(1) source=api
// CHECK-DAG: tscope-role: ggml_get_tensor borrows(1) source=api
// CHECK-DAG: tscope-role: ggml_mul borrows(1) source=api
// CHECK-DAG: tscope-role: ggml_scale borrows(1) source=api
// CHECK-DAG: tscope-role: ggml_relu borrows(1) source=api
// CHECK-DAG: tscope-role: ggml_get_first_tensor borrows(1) source=api origin={{.*}}ggml.yaml:35:5
// CHECK-DAG: tscope-role: ggml_get_next_tensor borrows(1) source=api origin={{.*}}ggml.yaml:35:5
// CHECK-DAG: tscope-role: ggml_new_graph borrows(1) source=api origin={{.*}}ggml.yaml:38:5
// CHECK-DAG: tscope-role: ggml_graph_node borrows(1) source=api origin={{.*}}ggml.yaml:42:5
// CHECK-DAG: tscope-role: ggml_get_data borrows(1) source=api
// CHECK-DAG: tscope-role: ggml_get_data_f32 borrows(1) source=api
// CHECK-DAG: tscope-role: gguf_init_empty creates null=may release=gguf_free source=api
// CHECK-DAG: tscope-role: gguf_init_from_file creates null=may release=gguf_free source=api
// CHECK-DAG: tscope-role: gguf_free releases(1) accepts_null=1 source=api
// CHECK-DAG: tscope-role: ggml_backend_cpu_init creates null=may release=ggml_backend_free source=api
// CHECK-DAG: tscope-role: ggml_backend_free releases(1) accepts_null=1 source=api
// CHECK-DAG: tscope-role: ggml_backend_alloc_ctx_tensors creates null=may release=ggml_backend_buffer_free source=api
// CHECK-DAG: tscope-role: ggml_backend_buffer_free releases(1) accepts_null=1 source=api
// CHECK-DAG: tscope-role: ggml_gallocr_new creates null=may release=ggml_gallocr_free source=api
// CHECK-DAG: tscope-role: ggml_gallocr_free releases(1) accepts_null=1 source=api
