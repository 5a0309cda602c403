// Bug: a struct holds an owner and a view of it; its cleanup releases both
// fields as if each were owned.  The view belongs to its owner.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: bad-free
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
  t_free(w.head); // expected-warning {{releasing the view returned by 't_view', which belongs to the tensor it was taken from}}
  t_free(w.all);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
