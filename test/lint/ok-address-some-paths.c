// Correct: the address of a variable (or of a struct) holding a tensor is
// passed to a function on some paths only, or in a loop that may not run;
// the tensor is released once afterwards. Where `&t` went, the lint stops
// following the tensor; it must not then take the release that follows
// for one of nothing and report a leak on the path where `&t` did not go.
// None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

static void scale_through(tensor **pt) { t_scale_inplace(*pt, 2); }

float some_paths(size_t n, int k) {
  tensor *t = t_ones(n);
  if (!t)
    return -1;
  if (k)
    scale_through(&t);
  float s = t_sum(t);
  t_free(t);
  return s;
}

struct box {
  tensor *t;
};
static void show(struct box *b) { t_print(b->t); }

float struct_in_loop(size_t n, int k) {
  struct box b;
  b.t = t_ones(n);
  if (!b.t)
    return -1;
  for (int i = 0; i < k; i++)
    show(&b);
  float s = t_sum(b.t);
  t_free(b.t);
  return s;
}

/* Ping-pong buffers swapped through their addresses each step. */
static void swap_t(tensor **a, tensor **b) {
  tensor *t = *a;
  *a = *b;
  *b = t;
}

float pingpong(size_t n, int steps) {
  tensor *src = t_ones(n);
  tensor *dst = t_zeros(n);
  if (!src || !dst)
    goto fail;
  for (int i = 0; i < steps; i++) {
    for (size_t j = 0; j < n; j++)
      dst->data[j] = src->data[j] * 2;
    swap_t(&src, &dst);
  }
  float s = t_sum(src);
  t_free(src);
  t_free(dst);
  return s;
fail:
  t_free(src);
  t_free(dst);
  return -1;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int ok = some_paths(3, 0) == 3 && some_paths(3, 1) == 6 && some_paths(TOY_FAIL, 1) == -1;
  ok = ok && struct_in_loop(2, 0) == 2 && struct_in_loop(2, 3) == 2;
  ok = ok && pingpong(2, 3) == 16 && pingpong(TOY_FAIL, 1) == -1;
  return toy_finish(ok ? 0 : 1);
}
#endif
