// Correct: ownership moved between variables under a condition, the
// moved-from one set to NULL (`if (c) { a = b; b = NULL; }`), then both
// released: each release frees the tensor on its own side of the branch
// and NULL on the other.  None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

void moved(size_t n, int c) {
  tensor *a = NULL;
  tensor *b = t_zeros(n);
  if (c) {
    a = b;
    b = NULL;
  }
  t_free(a);
  t_free(b);
}

float taken(size_t n, int keep) {
  tensor *kept = NULL;
  tensor *tmp = t_ones(n);
  if (!tmp)
    return 0;
  if (keep) {
    kept = tmp;
    tmp = NULL;
  }
  float s = tmp ? t_sum(tmp) : t_sum(kept);
  if (tmp)
    t_free(tmp);
  if (kept)
    t_free(kept);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  moved(3, 0);
  moved(3, 1);
  return toy_finish(taken(3, 0) + taken(3, 1) == 6 ? 0 : 1);
}
#endif
