// apis/ggml.yaml at run time: a context made per evaluation and never freed
// is reported at exit with the user's ggml_init line, once per evaluation;
// a freed one never is.  At -O0 and -O2, with and without -g.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -c -O1 -I%api_inputs/ggml -o %t/ggml.o %api_inputs/ggml/ggml.c
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-api=ggml -fplugin-arg-tensorscope-lint=0 -I%api_inputs/ggml -O0 -o %t/leak0 %s %t/ggml.o %rtlib
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-api=ggml -fplugin-arg-tensorscope-lint=0 -I%api_inputs/ggml -O2 -o %t/leak2 %s %t/ggml.o %rtlib
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-api=ggml -fplugin-arg-tensorscope-lint=0 -I%api_inputs/ggml -O2 -g -o %t/leak2g %s %t/ggml.o %rtlib
// RUN: %clang -I%api_inputs/ggml -O2 -o %t/plain %s %t/ggml.o
// RUN: %t/plain > %t/plain.out
// RUN: %t/leak0 > %t/leak0.out 2> %t/leak0.err
// RUN: %t/leak2 > %t/leak2.out 2> %t/leak2.err
// RUN: %t/leak2g > %t/leak2g.out 2> %t/leak2g.err
// RUN: diff %t/plain.out %t/leak0.out
// RUN: diff %t/plain.out %t/leak2.out
// RUN: FileCheck %s --check-prefix=OUT < %t/plain.out
// RUN: FileCheck %s < %t/leak0.err
// RUN: FileCheck %s < %t/leak2.err
// RUN: FileCheck %s < %t/leak2g.err
#include "ggml.h"
#include <stdio.h>

static float eval_once(float x) {
  struct ggml_init_params p = {16 * 1024, NULL, false};
  struct ggml_context *ctx = ggml_init(p); // CHECK-DAG: TensorScope: 3 tensors created at {{.*}}ggml-run-leak.c:[[#@LINE]] in eval_once (ggml_init)
  struct ggml_tensor *a = ggml_new_tensor_1d(ctx, GGML_TYPE_F32, 1);
  ggml_set_f32(a, x);
  struct ggml_tensor *y = ggml_scale(ctx, ggml_relu(ctx, a), 2.0f);
  struct ggml_cgraph *gf = ggml_new_graph(ctx);
  ggml_build_forward_expand(gf, y);
  ggml_graph_compute_with_ctx(ctx, gf, 1);
  return ggml_get_f32_1d(y, 0); // the context is never freed
}

static int eval_freed(float x, float *out) {
  struct ggml_init_params p = {16 * 1024, NULL, false};
  struct ggml_context *ctx = ggml_init(p);
  if (!ctx)
    return -1;
  struct ggml_tensor *a = ggml_new_tensor_1d(ctx, GGML_TYPE_F32, 1);
  ggml_set_f32(a, x);
  struct ggml_cgraph *gf = ggml_new_graph(ctx);
  ggml_build_forward_expand(gf, ggml_add(ctx, a, a));
  ggml_graph_compute_with_ctx(ctx, gf, 1);
  *out = ggml_get_f32_1d(ggml_graph_node(gf, -1), 0);
  ggml_free(ctx);
  return 0;
}

int main(void) {
  float xs[3] = {-1.0f, 0.5f, 2.0f};
  for (int i = 0; i < 3; i++) {
    float twice = 0;
    eval_freed(xs[i], &twice);
    printf("relu(%g)*2 = %g, %g+%g = %g\n", xs[i], eval_once(xs[i]), xs[i], xs[i], twice);
  }
  return 0;
}
// OUT: relu(-1)*2 = 0, -1+-1 = -2
// OUT: relu(0.5)*2 = 1, 0.5+0.5 = 1
// OUT: relu(2)*2 = 4, 2+2 = 4
// CHECK: TensorScope: 3 tensors leaked from 1 site
