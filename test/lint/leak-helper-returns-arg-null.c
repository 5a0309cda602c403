// Bug: a same-file helper gives its argument back or NULL; on NULL the
// caller returns without releasing the tensor, which is still its own.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

static tensor *validated(tensor *t) {
  if (t->n == 0)
    return NULL;
  return t;
}

float checked_use(size_t n) {
  tensor *t = t_ones(n); // expected-note {{tensor created here by 't_ones'}}
  if (!t)
    return 0;
  tensor *v = validated(t);
  if (!v)
    return -1; // expected-warning {{the tensor created by 't_ones' is never released}}
  float s = t_sum(v);
  t_free(v);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(checked_use(3) == 3.0f && checked_use(0) == -1 ? 0 : 1); }
#endif
