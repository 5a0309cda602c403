// Bug: a struct keeps an owner and a view of its first row; the owner is
// released and the view, still in the struct, is read afterwards.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: use-after-free
#include "tensor.h"

struct batch {
  tensor *all;
  tensor *row0;
};

float f(size_t n) {
  struct batch b;
  b.all = t_ones(n);
  if (!b.all)
    return 0;
  b.row0 = t_view(b.all, 0, 1);
  t_free(b.all);
  return b.row0 ? t_sum(b.row0) : 0; // expected-warning {{the view returned by 't_view' is passed to 't_sum' after the tensor it belongs to was released}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
