// Bug: the ownership flag of ok-struct-field-flag.c set the wrong way
// round: the view is released, the copy leaks.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

struct slot {
  tensor *t;
  int owned;
};

float part(tensor *src, int copy) {
  struct slot s;
  if (copy) {
    s.t = t_copy(src); // expected-note {{tensor created here by 't_copy'}}
    s.owned = 0;
  } else {
    s.t = t_view(src, 0, 2);
    s.owned = 1;
  }
  if (!s.t)
    return -1;
  float r = t_sum(s.t);
  if (s.owned)
    t_free(s.t); // expected-warning {{releasing the view returned by 't_view'}}
  return r; // expected-warning {{the tensor created by 't_copy' is never released: it leaks at this return}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *x = t_ones(4);
  if (!x)
    return 1;
  float r = part(x, 1);
  t_free(x);
  return toy_finish(r == 4 ? 0 : 1);
}
#endif
