// apis/ggml.yaml, lint: the bugs of ggml code.  A context never freed (on
// every path, and on an error path), a tensor read after its context was
// freed, and a tensor "freed" by itself (tensors belong to their context).
// RUN: %clang %tscope_plugin -fsyntax-only -fplugin-arg-tensorscope-api=ggml -I%api_inputs/ggml %s -Xclang -verify -Xclang -verify-ignore-unexpected=note
#include "ggml.h"
#include <stdio.h>

static struct ggml_init_params small(void) {
  struct ggml_init_params p = {16 * 1024, NULL, false};
  return p;
}

// The classic: a helper that evaluates one expression and forgets its context.
float eval_once(float x) {
  struct ggml_context *ctx = ggml_init(small());
  if (!ctx)
    return 0;
  struct ggml_tensor *a = ggml_new_tensor_1d(ctx, GGML_TYPE_F32, 1);
  ggml_set_f32(a, x);
  struct ggml_tensor *y = ggml_scale(ctx, ggml_relu(ctx, a), 2.0f);
  struct ggml_cgraph *gf = ggml_new_graph(ctx);
  ggml_build_forward_expand(gf, y);
  ggml_graph_compute_with_ctx(ctx, gf, 1);
  return ggml_get_f32_1d(y, 0); // expected-warning {{the tensor created by 'ggml_init' is never released: it leaks at this return}}
}

// An error path that forgets ggml_free.
int eval_checked(float x, float *out) {
  struct ggml_context *ctx = ggml_init(small());
  if (!ctx)
    return -1;
  struct ggml_tensor *a = ggml_new_tensor_1d(ctx, GGML_TYPE_F32, 1);
  ggml_set_f32(a, x);
  struct ggml_tensor *y = ggml_add(ctx, a, a);
  struct ggml_cgraph *gf = ggml_new_graph(ctx);
  ggml_build_forward_expand(gf, y);
  if (ggml_graph_compute_with_ctx(ctx, gf, 1) != GGML_STATUS_SUCCESS)
    return -1; // expected-warning {{the tensor created by 'ggml_init' is never released: it leaks at this return}}
  *out = ggml_get_f32_1d(y, 0);
  ggml_free(ctx);
  return 0;
}

// A tensor read after its context is gone.
float read_after_free(float x) {
  struct ggml_context *ctx = ggml_init(small());
  if (!ctx)
    return 0;
  struct ggml_tensor *a = ggml_new_tensor_1d(ctx, GGML_TYPE_F32, 1);
  ggml_set_f32(a, x);
  ggml_free(ctx);
  return ggml_get_f32_1d(a, 0); // expected-warning {{the view returned by 'ggml_new_tensor_1d' is passed to 'ggml_get_f32_1d' after the tensor it belongs to was released}}
}
