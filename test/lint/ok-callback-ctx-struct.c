// Correct: a callback reaches a tensor through a context struct and only
// reads it; the caller releases the tensor after the walk.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

struct sum_ctx {
  const tensor *weights;
  float total;
};

static void visit(void *ctx, size_t i) {
  struct sum_ctx *c = (struct sum_ctx *)ctx;
  c->total += c->weights->data[i];
}

static void walk(size_t n, void (*fn)(void *, size_t), void *ctx) {
  for (size_t i = 0; i < n; i++)
    fn(ctx, i);
}

float f(size_t n) {
  tensor *w = t_ones(n);
  if (!w)
    return 0;
  struct sum_ctx c = {w, 0};
  walk(n, visit, &c);
  t_free(w);
  return c.total;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(3) == 3 ? 0 : 1); }
#endif
