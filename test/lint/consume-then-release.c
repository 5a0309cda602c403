// Bug: released after ownership went to a CONSUMES parameter.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

void push_ones(tlist *l, size_t n) {
  tensor *t = t_ones(n);
  tlist_push(l, t);
  t_free(t); // expected-warning {{releasing the tensor created by 't_ones', which this function no longer owns}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { push_ones(toy_list(), 3); return toy_finish(0); }
#endif
