// Bug: helpers that only read their parameter (through a local copy, or by
// handing it to another reading helper) keep nothing: the caller still
// owns the tensor and leaks it.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

static float peek(tensor *t) {
  tensor *q = t;
  return t_sum(q);
}
static float peek_twice(tensor *t) { return 2 * peek(t); }

static tensor *last_seen;
static void note_shape(tensor *t, size_t *n_out) {
  tensor *q = t;
  *n_out = q->n;          // (a field read through the copy, stored out)
  last_seen = NULL;
}

static int present(tensor *t) {
  _Bool ok = t;          // (a truth value keeps nothing)
  return ok;
}

int check_only(size_t n) {
  tensor *t = t_ones(n); // expected-note {{tensor created here by 't_ones'}}
  return present(t); // expected-warning {{the tensor created by 't_ones' is never released}}
}

float sum_of(size_t n) {
  tensor *t = t_ones(n); // expected-note {{tensor created here by 't_ones'}}
  if (!t)
    return 0;
  return peek_twice(t); // expected-warning {{the tensor created by 't_ones' is never released}}
}

size_t size_of(size_t n) {
  size_t got = 0;
  tensor *t = t_zeros(n); // expected-note {{tensor created here by 't_zeros'}}
  if (!t)
    return 0;
  note_shape(t, &got);
  return got; // expected-warning {{the tensor created by 't_zeros' is never released}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int ok = sum_of(3) == 6.0f && size_of(3) == 3 && last_seen == NULL && check_only(3) == 1;
  return toy_finish(ok ? 0 : 1);
}
#endif
