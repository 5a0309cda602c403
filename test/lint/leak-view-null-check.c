// Bug: a NULL check on a borrowed view (`v = t_view(a); if (!v) return;`)
// leaves the owner `a` leaked on that path.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

float f(size_t n, size_t from) {
  tensor *a = t_ones(n);
  if (!a)
    return 0;
  tensor *v = t_view(a, from, 1);
  if (!v)
    return 0; // expected-warning {{the tensor created by 't_ones' is never released}}
  float s = t_sum(v);
  t_free(a);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3, 0); f(3, 7); return toy_finish(0); }
#endif
