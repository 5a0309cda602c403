// Bug: what a same-file init helper stored into a local struct's field is
// released by the struct's destroy helper and then again by the caller.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

struct layer {
  tensor *w, *b;
};

static int layer_init(struct layer *l, size_t n) {
  l->w = t_ones(n);
  l->b = t_zeros(n);
  if (!l->w || !l->b) {
    t_free(l->w);
    t_free(l->b);
    return -1;
  }
  return 0;
}

static void layer_free(struct layer *l) {
  t_free(l->w);
  t_free(l->b);
}

float forward(size_t n) {
  struct layer l;
  if (layer_init(&l, n))
    return 0;
  float s = t_sum(l.w);
  layer_free(&l);
  t_free(l.b); // expected-warning {{the tensor 'layer_init' stores in field 'b' is released twice}}
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  forward(3);
  return toy_finish(0);
}
#endif
