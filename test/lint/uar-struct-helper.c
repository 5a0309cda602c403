// Bug: a tensor is read through a struct after a same-file helper released
// the struct's tensors through a pointer to it.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: use-after-free
#include "tensor.h"

typedef struct {
  tensor *weights;
  tensor *bias;
} layer;

static void layer_release(layer *l) {
  t_free(l->weights);
  t_free(l->bias);
}

float f(size_t n) {
  layer l = {t_ones(n), t_zeros(n)};
  if (!l.weights || !l.bias) {
    layer_release(&l);
    return 0;
  }
  layer_release(&l);
  return t_sum(l.weights); // expected-warning {{the tensor created by 't_ones' is passed to 't_sum' after it was released}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
