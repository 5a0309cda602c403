// Bug: a view kept in an array next to the owned tensors and released
// with them in one loop.  Releasing a view is a bad release (the owner
// releases the memory); it is reported as that, and nothing leaks.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: bad-free
#include "tensor.h"

float f(size_t n) {
  tensor *a = t_zeros_or_die(n);
  tensor *b = t_zeros_or_die(n);
  tensor *parts[3];
  parts[0] = t_view(a, 0, 1);
  parts[1] = a;
  parts[2] = b;
  float s = t_sum(parts[0]);
  for (int i = 0; i < 3; i++)
    t_free(parts[i]); // expected-warning {{releasing the view returned by 't_view'}}
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
