// Correct: the result of an out-parameter create tested against a
// constant other than 0 (`< 0`, `== -1`, `> 0`), directly or through a
// variable, and a same-file helper returning negative error codes.  Where
// the comparison rules 0 out, the create failed: nothing to release.
// None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float negative(size_t n) {
  tensor *t;
  if (t_make(n, &t) < 0)
    return -1;
  float s = t_sum(t);
  t_free(t);
  return s;
}

float minus_one(size_t n) {
  tensor *t;
  int rc = t_make(n, &t);
  if (rc == -1)
    return -1;
  float s = t_sum(t);
  t_free(t);
  return s;
}

float reversed(size_t n) {
  tensor *t;
  int rc = t_make(n, &t);
  if (0 > rc)
    return -1;
  float s = t_sum(t);
  t_free(t);
  return s;
}

static int make_layer(size_t n, tensor **out) {
  tensor *t = t_zeros(n);
  if (!t)
    return -3;
  *out = t;
  return 0;
}

int forward(size_t n, float *sum) {
  tensor *w;
  if (make_layer(n, &w) < 0)
    return -1;
  *sum = t_sum(w);
  t_free(w);
  return 0;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  float s = 0;
  int rc = forward(3, &s) + forward(TOY_FAIL, &s);
  float t = negative(3) + negative(TOY_FAIL) + minus_one(3) + minus_one(TOY_FAIL) +
            reversed(3) + reversed(TOY_FAIL);
  return toy_finish(rc == -1 && t == -3 ? 0 : 1);
}
#endif
