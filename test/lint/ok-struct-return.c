// Correct: a same-file helper returns a struct by value whose field holds
// the tensor it made; the caller keeps the struct and releases the field.
// The helper does not return a tensor (it is not a creator), and what the
// caller's struct holds is not followed, so nothing may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

struct result {
  tensor *value;
  int status;
};

static struct result compute(size_t n) {
  struct result r = {t_zeros(n), 0};
  if (!r.value)
    r.status = -1;
  return r;
}

float caller(size_t n) {
  struct result r = compute(n);
  if (r.status)
    return -1;
  float s = t_sum(r.value);
  t_free(r.value);
  return s;
}

float reassigned(size_t n) {
  struct result r;
  r = compute(n);
  float s = r.value ? t_sum(r.value) : -1;
  t_free(r.value);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  float s = caller(3) + caller(TOY_FAIL) + reassigned(3);
  return toy_finish(s == -1 ? 0 : 1);
}
#endif
