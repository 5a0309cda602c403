// Bug: a view kept in an array beside owned tensors, released with them in
// a loop whose only test is the element's NULL test: every round releases
// its element, so the view's round is a bad release.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: bad-free
#include "tensor.h"

float f(size_t n) {
  tensor *a = t_zeros_or_die(n);
  tensor *parts[3];
  parts[0] = t_copy(a);
  parts[1] = t_view(a, 0, 1);
  parts[2] = a;
  float s = t_sum(parts[1]);
  for (int i = 0; i < 3; i++)
    if (parts[i] != NULL)
      t_free(parts[i]); // expected-warning {{releasing the view returned by 't_view'}}
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
