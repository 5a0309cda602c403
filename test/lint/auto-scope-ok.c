// Correct: in a TSCOPE_AUTO function the scope releases what is created;
// returned tensors are kept, stores into globals and through parameters are
// detached by the plugin.
// RUN: %lint_verify %s
// expected-no-diagnostics
#include "tensor.h"

tensor *g_last;

TSCOPE_AUTO tensor *step(const tensor *w, const tensor *g, tensor **out) {
  tensor *scaled = t_mul(g, g);
  tensor *next = t_add(w, scaled);
  t_print(t_mul(w, w));
  g_last = t_ones(1);
  *out = t_zeros(1);
  return next;
}

TSCOPE_AUTO_LOOPS void train(tensor *w, int steps) {
  for (int i = 0; i < steps; i++) {
    tensor *g = t_mul(w, w);
    t_scale_inplace(g, 0.5f);
  }
}
