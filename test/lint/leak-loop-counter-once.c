// Bug: the first-iteration test is the inner loop's, and the accumulator
// lives across the outer loop: each outer round makes a new one over the
// last round's, which leaks.  And a test that holds on more than the last
// iteration (`i >= k - 2`) keeps two tensors in one variable.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

float rounds(int r, int k) {
  tensor *acc = NULL;
  float total = 0;
  for (int j = 0; j < r; j++) {
    for (int i = 0; i < k; i++) {
      if (i == 0) {
        acc = t_ones(2); // expected-warning 2 {{leaks: 'acc' is overwritten while it still holds it}} expected-note {{tensor created here by 't_ones'}}
      } else {
        tensor *s = t_add(acc, acc); // expected-note {{tensor created here by 't_add'}}
        t_free(acc);
        acc = s;
      }
    }
    total += acc ? t_sum(acc) : 0;
  }
  t_free(acc);
  return total;
}

tensor *last_two(int k) {
  tensor *keep = NULL;
  for (int i = 0; i < k; i++) {
    tensor *t = t_ones((size_t)i + 1); // expected-note {{tensor created here by 't_ones'}}
    if (i >= k - 2)
      keep = t; // expected-warning {{leaks: 'keep' is overwritten while it still holds it}}
    else
      t_free(t);
  }
  return keep;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  float s = rounds(2, 2);
  tensor *t = last_two(3);
  t_free(t);
  return toy_finish(s == 8 ? 0 : 1);
}
#endif
