// Correct: same-file helpers that give their argument back (builder
// style, `return t;` on every path, or NULL on some); the caller releases
// the tensor through the result. The call's result is the argument itself.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

static tensor *scaled(tensor *t, float by) {
  t_scale_inplace(t, by);
  return t;
}
static tensor *checked(tensor *t) {
  if (t->n == 0)
    return t;
  return (tensor *)t;
}

float chain(size_t n) {
  tensor *t = t_ones(n);
  if (!t)
    return 0;
  tensor *u = scaled(checked(t), 2.0f);
  float s = t_sum(u);
  t_free(u);
  return s;
}

float inline_use(size_t n) {
  tensor *t = t_zeros(n);
  if (!t)
    return 0;
  float s = t_sum(scaled(t, 3.0f));
  t_free(t);
  return s;
}

// Gives its argument back, or NULL when it does not pass the check: the
// caller releases the tensor through the result, or itself on NULL.
static tensor *validated(tensor *t) {
  if (t->n == 0)
    return NULL;
  return t;
}

float checked_use(size_t n) {
  tensor *t = t_ones(n);
  if (!t)
    return 0;
  tensor *v = validated(t);
  if (!v) {
    t_free(t);
    return -1;
  }
  float s = t_sum(v);
  t_free(v);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int ok = chain(3) == 6.0f && inline_use(3) == 0.0f;
  ok &= checked_use(3) == 3.0f && checked_use(0) == -1;
  return toy_finish(ok ? 0 : 1);
}
#endif
