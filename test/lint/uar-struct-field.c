// Bug: a model struct's weights are released before the last layer uses
// them (the release was moved up to "free memory early").
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: use-after-free
#include "tensor.h"

struct model {
  tensor *w1;
  tensor *w2;
};

float run(const tensor *x, size_t n) {
  struct model m;
  m.w1 = t_ones(n);
  m.w2 = t_ones(n);
  if (!m.w1 || !m.w2) {
    t_free(m.w1);
    t_free(m.w2);
    return 0;
  }
  tensor *h = t_mul(x, m.w1);
  t_free(m.w1);
  t_free(m.w2);
  if (!h)
    return 0;
  tensor *y = t_mul(h, m.w2); // expected-warning {{the tensor created by 't_ones' is passed to 't_mul' after it was released}}
  t_free(h);
  float s = y ? t_sum(y) : 0;
  t_free(y);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *x = t_ones(3);
  run(x, 3);
  t_free(x);
  return toy_finish(0);
}
#endif
