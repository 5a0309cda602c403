// Bug: a loop that keeps the best tensor so far, but on one path it keeps
// a tensor it has just released: 'best' then holds a dead tensor, which
// the next round through that path releases again (and so does the
// release after the loop, the one ASan sees with 3 rounds: one finding per
// tensor, at the first). Found although the variable that released it is
// dead where the paths join.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

float keep_best(size_t n, int rounds) {
  float acc = 0;
  tensor *best = NULL;
  for (int i = 0; i < rounds; i++) {
    tensor *v = t_zeros_or_die(n);
    float nv = (float)(i % 3);
    if (nv < 1.0f) {
      t_free(v);
    } else if (!best) {
      best = v;
    } else {
      t_free(v);
      t_free(best); // expected-warning {{the tensor created by 't_zeros_or_die' is released twice: this release runs again on a later loop iteration}}
      best = v; // keeps the tensor it just released
    }
    acc += nv;
  }
  t_free(best);
  return acc;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(keep_best(2, 3) == 3 ? 0 : 1); }
#endif
