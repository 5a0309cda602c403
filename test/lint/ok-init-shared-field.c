// Correct: an init helper ties two fields to one tensor, either by plain
// assignment (then destroy releases one of them) or with a retain (then
// destroy releases both); and a destroy helper that clears the fields it
// releases while the others stay the caller's.  None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

struct lm {
  tensor *embed;
  tensor *proj;
  tensor *bias;
};

static int lm_init(struct lm *m, size_t n) {
  m->embed = t_ones(n);
  if (!m->embed)
    return -1;
  m->proj = m->embed;
  m->bias = NULL;
  return 0;
}

static void lm_destroy(struct lm *m) { t_free(m->embed); }

static int lm_init_shared(struct lm *m, size_t n) {
  m->embed = t_ones(n);
  if (!m->embed)
    return -1;
  m->proj = t_retain(m->embed);
  m->bias = NULL;
  return 0;
}

static void lm_destroy_both(struct lm *m) {
  t_free(m->embed);
  t_free(m->proj);
}

// Clears what it releases; bias is left to the caller.
static void lm_drop_weights(struct lm *m) {
  t_free(m->embed);
  m->embed = NULL;
}

float tied(size_t n) {
  struct lm m;
  if (lm_init(&m, n) != 0)
    return -1;
  float s = t_sum(m.proj);
  lm_destroy(&m);
  return s;
}

float shared(size_t n) {
  struct lm m;
  if (lm_init_shared(&m, n) != 0)
    return -1;
  float s = t_sum(m.proj);
  lm_destroy_both(&m);
  return s;
}

float with_bias(size_t n) {
  struct lm m;
  m.embed = t_ones(n);
  m.proj = NULL;
  m.bias = t_zeros(n);
  lm_drop_weights(&m);
  t_free(m.bias);
  return 0;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  float s = tied(2) + shared(2) + with_bias(2) + tied(TOY_FAIL);
  return toy_finish(s == 3 ? 0 : 1);
}
#endif
