// Bug: the same tests as ok-global-field-condition.c, but between them the
// function calls a function of this file that changes the global, or hands
// the config to one defined elsewhere that may change the field, or to one
// of this file that writes it: the second
// test may read another value, and then the tensor leaks.  All are found.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

static int debug_snapshots = 1;

static void quiet(void) { debug_snapshots = 0; }

float forward(tensor *x) {
  tensor *snap = NULL;
  if (debug_snapshots)
    snap = t_copy(x); // expected-note {{tensor created here by 't_copy'}}
  quiet();
  float s = t_sum(x);
  if (debug_snapshots)
    t_free(snap);
  return s; // expected-warning {{the tensor created by 't_copy' is never released: it leaks at this return}}
}

struct config {
  int use_bias;
  size_t width;
};

void config_tune(struct config *cfg); // defined elsewhere: may write *cfg

float layer(struct config *cfg, tensor *x) {
  tensor *bias = NULL;
  if (cfg->use_bias)
    bias = t_ones(cfg->width); // expected-note {{tensor created here by 't_ones'}}
  config_tune(cfg);
  float s = t_sum(x);
  if (cfg->use_bias)
    t_free(bias);
  return s; // expected-warning {{the tensor created by 't_ones' is never released: it leaks at this return}}
}

static void no_bias(struct config *cfg) { cfg->use_bias = 0; }

float layer_local(struct config *cfg, tensor *x) {
  tensor *bias = NULL;
  if (cfg->use_bias)
    bias = t_ones(cfg->width); // expected-note {{tensor created here by 't_ones'}}
  no_bias(cfg);
  float s = t_sum(x);
  if (cfg->use_bias)
    t_free(bias);
  return s; // expected-warning {{the tensor created by 't_ones' is never released: it leaks at this return}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
void config_tune(struct config *cfg) { cfg->use_bias = 0; }
int main(void) {
  tensor *x = t_ones(3);
  if (!x)
    return 1;
  struct config c = {1, 3};
  struct config d = {1, 3};
  float s = forward(x) + layer(&c, x) + layer_local(&d, x) - 3;
  t_free(x);
  return toy_finish(s == 6 ? 0 : 1);
}
#endif
