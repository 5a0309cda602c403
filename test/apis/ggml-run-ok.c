// apis/ggml.yaml at run time, the correct program: contexts, a gguf file,
// a backend and its buffer all freed, also on the error path.  It behaves
// exactly as built without the plugin (six builds, also under ASan) and
// gives no report.
// RUN: rm -rf %t.lib && mkdir -p %t.lib
// RUN: %clang -c -O1 -I%api_inputs/ggml -o %t.lib/ggml.o %api_inputs/ggml/ggml.c
// RUN: env TS_PLUGIN_ARGS=-fplugin-arg-tensorscope-api=ggml TS_PROGRAM_ARGS=%t.lib/model.gguf %same_run %s -I%api_inputs/ggml %t.lib/ggml.o
#include "ggml-alloc.h"
#include <stdio.h>

static int eval(float x, float *out) {
  struct ggml_init_params p = {16 * 1024, NULL, false};
  struct ggml_context *ctx = ggml_init(p);
  if (!ctx)
    return -1;
  struct ggml_tensor *a = ggml_new_tensor_1d(ctx, GGML_TYPE_F32, 1);
  ggml_set_f32(a, x);
  struct ggml_tensor *y = ggml_scale(ctx, ggml_relu(ctx, a), 2.0f);
  struct ggml_cgraph *gf = ggml_new_graph(ctx);
  ggml_build_forward_expand(gf, y);
  if (ggml_graph_compute_with_ctx(ctx, gf, 1) != GGML_STATUS_SUCCESS) {
    ggml_free(ctx);
    return -1;
  }
  *out = ggml_get_f32_1d(y, 0);
  ggml_free(ctx);
  return 0;
}

// Weights in a no_alloc context whose data a backend buffer holds.
static int matvec(const char *path) {
  struct gguf_context *meta = gguf_init_empty();
  if (!meta)
    return -1;
  gguf_set_val_u32(meta, "n_embd", 2);
  if (!gguf_write_to_file(meta, path, true)) {
    gguf_free(meta);
    return -1;
  }
  gguf_free(meta);
  struct gguf_init_params gp = {true, NULL};
  struct gguf_context *loaded = gguf_init_from_file(path, gp);
  if (!loaded)
    return -1;
  printf("gguf keys: %lld\n", (long long)gguf_get_n_kv(loaded));
  gguf_free(loaded);

  struct ggml_init_params p = {ggml_tensor_overhead() * 4 + ggml_graph_overhead(), NULL, true};
  struct ggml_context *ctx = ggml_init(p);
  if (!ctx)
    return -1;
  ggml_backend_t backend = ggml_backend_cpu_init();
  if (!backend) {
    ggml_free(ctx);
    return -1;
  }
  struct ggml_tensor *w = ggml_new_tensor_2d(ctx, GGML_TYPE_F32, 2, 2);
  struct ggml_tensor *v = ggml_new_tensor_2d(ctx, GGML_TYPE_F32, 2, 1);
  struct ggml_tensor *y = ggml_mul_mat(ctx, w, v);
  ggml_backend_buffer_t buf = ggml_backend_alloc_ctx_tensors(ctx, backend);
  if (!buf) {
    ggml_backend_free(backend);
    ggml_free(ctx);
    return -1;
  }
  float *wd = ggml_get_data_f32(w), *vd = ggml_get_data_f32(v);
  wd[0] = 1, wd[1] = 2, wd[2] = 3, wd[3] = 4, vd[0] = 1, vd[1] = -1;
  struct ggml_cgraph *gf = ggml_new_graph(ctx);
  ggml_build_forward_expand(gf, y);
  ggml_gallocr_t galloc = ggml_gallocr_new(ggml_backend_cpu_buffer_type());
  int ok = galloc && ggml_gallocr_alloc_graph(galloc, gf) &&
           ggml_backend_graph_compute(backend, gf) == GGML_STATUS_SUCCESS;
  if (ok)
    printf("W v = (%g, %g), buffer %zu bytes\n", ggml_get_f32_1d(y, 0), ggml_get_f32_1d(y, 1),
           ggml_backend_buffer_get_size(buf));
  ggml_gallocr_free(galloc);
  ggml_backend_buffer_free(buf);
  ggml_backend_free(backend);
  ggml_free(ctx);
  return ok ? 0 : -1;
}

int main(int argc, char **argv) {
  for (int i = 0; i < 3; i++) {
    float y = 0;
    if (eval(i - 1.0f, &y) == 0)
      printf("relu(%d)*2 = %g\n", i - 1, y);
  }
  return argc > 1 && matvec(argv[1]) == 0 ? 0 : 1;
}
