// Bug: a struct that lives on the stack holds the tensor; nothing releases
// it before the function returns.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

struct pair {
  tensor *a;
  tensor *b;
};

float f(size_t n) {
  struct pair p;
  p.a = t_ones(n);
  p.b = t_ones(n);
  float s = t_sum(p.a) + t_sum(p.b);
  t_free(p.a);
  return s; // expected-warning {{never released}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
