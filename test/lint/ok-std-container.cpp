// Correct (C++): tensors handed to standard containers (push_back,
// emplace_back, a map's emplace, insert of a std::make_pair) are held by
// the container, which the code walks later to release them. The pointer
// escapes into the library object, as with a constructor. No false alarm.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"
#include <map>
#include <utility>
#include <vector>

float batch(size_t n, int k) {
  std::vector<tensor *> kept;
  for (int i = 0; i < k; i++) {
    tensor *t = t_ones(n);
    if (!t)
      break;
    kept.push_back(t);
  }
  float s = 0;
  for (tensor *t : kept) {
    s += t_sum(t);
    t_free(t);
  }
  return s;
}

float named(size_t n) {
  std::map<int, tensor *> by_id;
  tensor *a = t_ones(n);
  if (!a)
    return 0;
  by_id.emplace(1, a);
  tensor *b = t_zeros(n);
  if (b)
    by_id.insert(std::make_pair(2, b));
  std::vector<tensor *> more;
  tensor *c = t_ones(n + 1);
  if (c)
    more.emplace_back(c);
  float s = 0;
  for (auto &kv : by_id) {
    s += t_sum(kv.second);
    t_free(kv.second);
  }
  for (tensor *t : more) {
    s += t_sum(t);
    t_free(t);
  }
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main() {
  bool ok = batch(2, 3) == 6 && named(2) == 5;
  return toy_finish(ok ? 0 : 1);
}
#endif
