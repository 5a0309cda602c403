// Correct: a model struct with init and free helpers; init cleans up what
// it made when a later create fails, and the caller frees the model once.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

struct model {
  tensor *w;
  tensor *b;
};

static int model_init(struct model *m, size_t n) {
  m->w = t_ones(n);
  if (!m->w)
    return -1;
  m->b = t_zeros(n);
  if (!m->b) {
    t_free(m->w);
    m->w = NULL;
    return -1;
  }
  return 0;
}

static void model_free(struct model *m) {
  t_free(m->w);
  t_free(m->b);
  m->w = m->b = NULL;
}

float predict(const tensor *x, size_t n) {
  struct model m;
  if (model_init(&m, n) != 0)
    return 0;
  tensor *y = t_mul(x, m.w);
  float s = y ? t_sum(y) + t_sum(m.b) : 0;
  t_free(y);
  model_free(&m);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *x = t_ones(3);
  float s = predict(x, 3) + predict(x, TOY_FAIL);
  t_free(x);
  return toy_finish(s == 3 ? 0 : 1);
}
#endif
