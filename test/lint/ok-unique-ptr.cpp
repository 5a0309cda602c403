// Correct (C++): ownership handed to std::unique_ptr, with a deleter type
// or a function pointer, and replaced with reset(): the unique_ptr releases
// it.  No false alarm.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"
#include <memory>

struct tensor_deleter {
  void operator()(tensor *t) const { t_free(t); }
};
using tensor_ptr = std::unique_ptr<tensor, tensor_deleter>;

float by_type(size_t n) {
  tensor_ptr p(t_ones(n));
  p.reset(t_zeros(n));
  return t_sum(p.get());
}

float by_function_pointer(size_t n) {
  std::unique_ptr<tensor, void (*)(tensor *)> p(t_ones(n), t_free);
  tensor *t = t_ones(n);
  p.reset(t);
  return t_sum(p.get());
}

float by_decltype(size_t n) {
  std::unique_ptr<tensor, decltype(&t_free)> p(nullptr, &t_free);
  p.reset(t_ones(n));
  tensor_ptr q;
  q.reset(t_ones(n));
  return t_sum(p.get()) + t_sum(q.get());
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main() { return toy_finish(by_type(2) == 0 && by_function_pointer(2) == 2 && by_decltype(1) == 2 ? 0 : 1); }
#endif
