// Correct: tensors handed to same-file helpers that keep them (in the
// caller's list, a field of the caller's struct, through an out-parameter,
// in a global registry through a local copy, or through another such
// helper). The lint sees each helper store its parameter where it
// outlives the call, so the caller no longer owns what it passed.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

struct list {
  tensor *items[8];
  int n;
};
struct holder {
  tensor *t;
};

static tensor *registry[4];
static int registered;

static void push(struct list *l, tensor *t) { l->items[l->n++] = t; }
static void hold(struct holder *h, tensor *t) { h->t = t; }
static void put_out(tensor **out, tensor *t) { *out = t; }
static void remember(tensor *t) {
  tensor *copy = t;
  registry[registered++] = copy;
}
static void push_twice(struct list *l, tensor *t, tensor *u) {
  push(l, t);
  push(l, u);
}

int into_list(struct list *l, size_t n) {
  tensor *t = t_ones(n);
  if (!t)
    return -1;
  push(l, t);
  return 0;
}

int into_field(struct holder *h, size_t n) {
  tensor *t = t_zeros(n);
  if (!t)
    return -1;
  hold(h, t);
  return 0;
}

int through_out(tensor **out, size_t n) {
  tensor *t = t_ones(n);
  if (!t)
    return -1;
  put_out(out, t);
  return 0;
}

int into_registry(size_t n) {
  tensor *t = t_ones(n);
  if (!t)
    return -1;
  remember(t);
  return 0;
}

int two_through_a_helper(struct list *l, size_t n) {
  tensor *a = t_ones(n);
  tensor *b = t_zeros(n);
  if (!a || !b) {
    t_free(a);
    t_free(b);
    return -1;
  }
  push_twice(l, a, b);
  return 0;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  struct list l = {{0}, 0};
  struct holder h = {0};
  tensor *out = NULL;
  int ok = into_list(&l, 3) == 0 && into_field(&h, 3) == 0 && through_out(&out, 3) == 0;
  ok &= into_registry(3) == 0 && two_through_a_helper(&l, 3) == 0;
  ok &= l.n == 3 && registered == 1;
  for (int i = 0; i < l.n; i++)
    t_free(l.items[i]);
  t_free(h.t);
  t_free(out);
  t_free(registry[0]);
  return toy_finish(ok ? 0 : 1);
}
#endif
