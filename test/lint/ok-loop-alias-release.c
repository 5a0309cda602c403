// Correct: the layer loop of use-after-release-loop-alias.c, with the
// activation used before its release, or after the variable took the next
// output; and a variable released through on one side of a branch only.
// None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float infer(tensor **weights, int nlayers, size_t n) {
  tensor *act = t_ones(n);
  if (!act)
    return -1;
  for (int l = 0; l < nlayers; l++) {
    tensor *next = t_mul(act, weights[l]);
    t_print(act);
    t_free(act);
    act = next;
    if (!act)
      return -1;
    t_print(act);
  }
  float s = t_sum(act);
  t_free(act);
  return s;
}

float keep_some(tensor **weights, int nlayers, size_t n) {
  tensor *act = t_ones(n);
  float s = 0;
  if (!act)
    return -1;
  for (int l = 0; l < nlayers; l++) {
    tensor *next = t_mul(act, weights[l]);
    if (!next)
      break;
    if (l % 2) {
      t_free(act);
      act = next;
    } else {
      s += t_sum(next);
      t_free(next);
    }
    s += t_sum(act);
  }
  t_free(act);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *w[3] = {t_ones(2), t_ones(2), t_ones(2)};
  float s = infer(w, 3, 2) + keep_some(w, 3, 2);
  for (int i = 0; i < 3; i++)
    t_free(w[i]);
  return toy_finish(s > 0 ? 0 : 1);
}
#endif
