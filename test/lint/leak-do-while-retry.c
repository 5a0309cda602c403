// Bug: a do/while retry loop makes a fresh candidate each round and
// overwrites the previous one without releasing it.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

float best_try(size_t n, float want) {
  tensor *t = NULL;
  float s;
  int tries = 0;
  do {
    t = t_ones(n + tries); // expected-warning {{the tensor created by 't_ones' leaks: 't' is overwritten while it still holds it (the tensor from the previous loop iteration)}}
    if (!t)
      return 0;
    s = t_sum(t);
    tries++;
  } while (s < want && tries < 3);
  t_free(t);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { best_try(2, 4); return toy_finish(0); }
#endif
