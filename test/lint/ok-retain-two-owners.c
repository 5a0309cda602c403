// Correct: a tensor shared by two holders takes a reference for the second
// (t_retain); each holder releases its own reference once.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

struct holder {
  tensor *t;
};

float f(size_t n) {
  tensor *t = t_ones(n);
  if (!t)
    return 0;
  struct holder a = {t};
  struct holder b = {t_retain(t)};
  float s = t_sum(a.t) + t_sum(b.t);
  t_free(a.t);
  t_free(b.t);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(3) == 6 ? 0 : 1); }
#endif
