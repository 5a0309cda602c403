// Bug: the accumulator is replaced each round without releasing the old one.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

int more(void);

float run(size_t n) {
  tensor *acc = t_zeros_or_die(n);
  tensor *step = t_ones(n);
  while (more()) {
    // The first accumulator, and then each later one, is dropped:
    acc = t_add(acc, step); // expected-warning {{the tensor created by 't_zeros_or_die' leaks: 'acc' is overwritten while it still holds it}} expected-warning {{the tensor created by 't_add' leaks: 'acc' is overwritten while it still holds it (the tensor from the previous loop iteration)}}
    if (!acc)
      break;
  }
  t_free(step);
  float r = t_sum(acc);
  t_free(acc);
  return r;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int more(void) { static int k; return k++ < 2; }
int main(void) { run(3); return toy_finish(0); }
#endif
