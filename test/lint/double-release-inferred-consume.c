// Bug: a same-file helper hands the tensor to the list (it consumes it on
// every path); the caller releases it afterwards as well.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

static void keep(tlist *l, tensor *t) {
  t_scale_inplace(t, 2);
  tlist_push(l, t);
}

void record(tlist *l, size_t n) {
  tensor *t = t_ones(n);
  if (!t)
    return;
  keep(l, t);
  t_free(t); // expected-warning {{releasing the tensor created by 't_ones', which this function no longer owns}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { record(toy_list(), 3); return toy_finish(0); }
#endif
