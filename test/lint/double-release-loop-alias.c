// Bug: the same layer loop releases the activation twice in one round: the
// variable holds one of several tensors there (the input, or an earlier
// round's output), and whichever it is was released by the first call.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

float infer(tensor **weights, int nlayers, size_t n) {
  tensor *act = t_ones(n);
  if (!act)
    return -1;
  for (int l = 0; l < nlayers; l++) {
    tensor *next = t_mul(act, weights[l]);
    t_free(act); // expected-note {{first released here}}
    if (!next)
      return -1;
    if (l == nlayers - 1)
      t_free(act); // expected-warning {{the tensor 'act' holds is released twice}}
    act = next;
  }
  float s = t_sum(act);
  t_free(act);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *w[2] = {t_ones(2), t_ones(2)};
  float s = infer(w, 2, 2);
  t_free(w[0]);
  t_free(w[1]);
  return toy_finish(s == 2 ? 0 : 1);
}
#endif
