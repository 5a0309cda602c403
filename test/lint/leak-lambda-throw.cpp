// Bug (C++): a tensor created in a lambda leaks when the lambda throws.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"
#include <stdexcept>

float f(size_t n, int bad) {
  auto step = [n](int fail) {
    tensor *t = t_ones(n);
    if (!t)
      return 0.0f;
    if (fail)
      throw std::runtime_error("bad input"); // expected-warning {{the tensor created by 't_ones' is never released}}
    float s = t_sum(t);
    t_free(t);
    return s;
  };
  try {
    return step(bad);
  } catch (const std::exception &) {
    return -1;
  }
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main() { f(3, 0); f(3, 1); return toy_finish(0); }
#endif
