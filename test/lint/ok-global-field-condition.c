// Correct: a tensor made under a test of a static global or of a field
// read through an unchanged parameter (`cfg->use_bias`), and released
// under the same test later.  The function writes neither, and calls only
// functions that cannot (tensor functions, and none defined in this file),
// so both tests read the same value: no path leaks; nor a function of this
// file that only reads fields through the pointer it is given.  None may be
// reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

static int debug_snapshots = 1;

float forward(tensor *x) {
  tensor *snap;
  if (debug_snapshots)
    snap = t_copy(x);
  t_scale_inplace(x, 2);
  float s = t_sum(x);
  if (debug_snapshots) {
    if (snap) {
      s -= t_sum(snap);
      t_free(snap);
    }
  }
  return s;
}

struct config {
  int use_bias;
  size_t width;
};

float layer(const struct config *cfg, tensor *x) {
  tensor *bias;
  if (cfg->use_bias) {
    bias = t_ones(cfg->width);
    if (!bias)
      return -1;
  }
  tensor *y = t_copy(x);
  if (!y) {
    if (cfg->use_bias)
      t_free(bias);
    return -1;
  }
  if (cfg->use_bias) {
    tensor *z = t_add(y, bias);
    t_free(y);
    t_free(bias);
    y = z;
    if (!y)
      return -1;
  }
  float s = t_sum(y);
  t_free(y);
  return s;
}

static size_t width_of(struct config *cfg) { return cfg->width; }

// A function of this file given the config only reads fields through it.
float layer_traced(struct config *cfg, tensor *x) {
  tensor *bias = NULL;
  if (cfg->use_bias)
    bias = t_ones(cfg->width);
  size_t w = width_of(cfg);
  float s = t_sum(x) + (float)w;
  if (cfg->use_bias)
    t_free(bias);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *x = t_ones(3);
  if (!x)
    return 1;
  float s = forward(x);
  debug_snapshots = 0;
  s += forward(x);
  struct config a = {1, 3}, b = {0, 3};
  tensor *y = t_ones(3);
  s += layer(&a, y) + layer(&b, y);
  s += layer_traced(&a, y) + layer_traced(&b, y) - 12;
  t_free(x);
  t_free(y);
  return toy_finish(s == 24 ? 0 : 1);
}
#endif
