// Bug: a layer loop keeps the activation in one variable, which holds the
// input on the first round and the previous layer's output on the later
// ones.  It is released, then used before the variable takes the next
// output.  Whichever tensor it held, it was just released: found, though
// the lint no longer follows which tensor that was.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: use-after-free
#include "tensor.h"

float infer(tensor **weights, int nlayers, size_t n) {
  tensor *act = t_ones(n);
  if (!act)
    return -1;
  for (int l = 0; l < nlayers; l++) {
    tensor *next = t_mul(act, weights[l]);
    t_free(act); // expected-note {{released here}}
    if (!next)
      return -1;
    t_print(act); // expected-warning {{the tensor 'act' holds is passed to 't_print' after it was released}}
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
