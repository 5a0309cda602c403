// Bug: a struct holding a tensor is copied by value, and the tensor is
// then released through both copies (the copy shares the pointer, not the
// tensor). Also with an assignment between two structs.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

struct layer {
  tensor *w;
};

void copy_init(size_t n) {
  struct layer a;
  a.w = t_ones(n); // expected-note {{tensor created here by 't_ones'}}
  struct layer b = a;
  t_free(a.w); // expected-note {{first released here}}
  t_free(b.w); // expected-warning {{the tensor created by 't_ones' is released twice}}
}

void copy_assign(size_t n) {
  struct layer a, b;
  a.w = t_ones(n); // expected-note {{tensor created here by 't_ones'}}
  b = a;
  t_free(b.w); // expected-note {{first released here}}
  t_free(a.w); // expected-warning {{the tensor created by 't_ones' is released twice}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  copy_init(3);
  return toy_finish(0);
}
#endif
