// Bug (C++): standard containers around, the leaks are still found: a
// tensor kept only on one path (the other path drops it), and one only
// looked at through the container's size before the return.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"
#include <vector>

float keep_some(size_t n, int k) {
  std::vector<tensor *> kept;
  for (int i = 0; i < k; i++) {
    tensor *t = t_ones(n); // expected-note {{tensor created here by 't_ones'}}
    if (!t)
      break;
    if (i % 2 == 0)
      kept.push_back(t);
  } // expected-warning {{the tensor created by 't_ones' leaks: 't' goes out of scope while it still holds it}}
  float s = 0;
  for (tensor *t : kept) {
    s += t_sum(t);
    t_free(t);
  }
  return s;
}

size_t not_kept(size_t n, std::vector<tensor *> &v) {
  tensor *t = t_zeros(n); // expected-note {{tensor created here by 't_zeros'}}
  if (!t)
    return 0;
  float s = t_sum(t);
  return v.size() + (s > 0); // expected-warning {{the tensor created by 't_zeros' is never released: it leaks at this return}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main() {
  std::vector<tensor *> v;
  bool ok = keep_some(2, 3) == 4 && not_kept(2, v) == 0;
  return toy_finish(ok ? 0 : 1);
}
#endif
