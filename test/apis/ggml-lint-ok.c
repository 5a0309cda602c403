// apis/ggml.yaml, lint: the fixed versions of ggml-lint-leak.c, and the
// arena idioms that must not be flagged: tensors and graphs are never
// released one by one, a context freed on every path, views of views.
// RUN: %clang %tscope_plugin -fsyntax-only -fplugin-arg-tensorscope-api=ggml -I%api_inputs/ggml %s -Xclang -verify
// All shipped descriptions at once: the same.
// RUN: %clang %tscope_plugin -fsyntax-only -fplugin-arg-tensorscope-api=ggml -fplugin-arg-tensorscope-api=tensorflow -fplugin-arg-tensorscope-api=gsl -I%api_inputs/ggml %s -Xclang -verify
// expected-no-diagnostics
#include "ggml-alloc.h"

static struct ggml_init_params small(void) {
  struct ggml_init_params p = {16 * 1024, NULL, false};
  return p;
}

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
  float r = ggml_get_f32_1d(y, 0);
  ggml_free(ctx);
  return r;
}

int eval_checked(float x, float *out) {
  struct ggml_context *ctx = ggml_init(small());
  if (!ctx)
    return -1;
  struct ggml_tensor *a = ggml_new_tensor_1d(ctx, GGML_TYPE_F32, 1);
  ggml_set_f32(a, x);
  struct ggml_tensor *y = ggml_add(ctx, a, a);
  struct ggml_cgraph *gf = ggml_new_graph(ctx);
  ggml_build_forward_expand(gf, y);
  if (ggml_graph_compute_with_ctx(ctx, gf, 1) != GGML_STATUS_SUCCESS) {
    ggml_free(ctx);
    return -1;
  }
  *out = ggml_get_f32_1d(ggml_graph_node(gf, -1), 0);
  ggml_free(ctx);
  return 0;
}

// Weights in a no_alloc context, their data in a backend buffer.
int load(void) {
  struct ggml_init_params p = {ggml_tensor_overhead() * 4, NULL, true};
  struct ggml_context *ctx = ggml_init(p);
  if (!ctx)
    return -1;
  ggml_backend_t backend = ggml_backend_cpu_init();
  if (!backend) {
    ggml_free(ctx);
    return -1;
  }
  struct ggml_tensor *w = ggml_new_tensor_2d(ctx, GGML_TYPE_F32, 4, 4);
  ggml_set_name(w, "w");
  ggml_backend_buffer_t buf = ggml_backend_alloc_ctx_tensors(ctx, backend);
  int ok = buf != NULL && ggml_get_tensor(ctx, "w") == w;
  for (struct ggml_tensor *t = ggml_get_first_tensor(ctx); t; t = ggml_get_next_tensor(ctx, t))
    ok += ggml_get_data(t) != NULL;
  ggml_backend_buffer_free(buf);
  ggml_backend_free(backend);
  ggml_free(ctx);
  return ok;
}
