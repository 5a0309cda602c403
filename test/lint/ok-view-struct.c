// Correct: a struct keeps an owner and a view of it; the view is used
// while the owner lives and only the owner is released.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

struct window {
  tensor *all;
  tensor *head;
};

float f(size_t n) {
  struct window w;
  w.all = t_ones(n);
  if (!w.all)
    return 0;
  w.head = t_view(w.all, 0, 2);
  float s = w.head ? t_sum(w.head) : 0;
  t_free(w.all);
  w.all = w.head = NULL;
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(3) == 2 ? 0 : 1); }
#endif
