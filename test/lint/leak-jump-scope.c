// Bug: a variable's block ends while it still holds its tensor: `break`
// out of a loop, out of `do { ... } while (0)` error handling, out of a
// case block of a switch, and the end of a loop body on a path that does
// not release. Each leak is one finding, where the block is left.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

float first_negative(size_t n, int rounds) {
  float found = 0;
  for (int i = 0; i < rounds; i++) {
    tensor *t = t_zeros(n); // expected-note {{tensor created here by 't_zeros'}}
    if (!t)
      return -1;
    float s = t_sum(t) - (float)i;
    if (s < 0) {
      found = s;
      break; // expected-warning {{the tensor created by 't_zeros' leaks: 't' goes out of scope while it still holds it}}
    }
    t_free(t);
  }
  return found;
}

int staged(size_t n) {
  int rc = -1;
  tensor *a = NULL;
  do {
    a = t_ones(n);
    if (!a)
      break;
    tensor *tmp = t_add(a, a); // expected-note {{tensor created here by 't_add'}}
    if (!tmp)
      break;
    if (t_sum(tmp) > 100)
      break; // expected-warning {{the tensor created by 't_add' leaks: 'tmp' goes out of scope while it still holds it}}
    t_free(tmp);
    rc = 0;
  } while (0);
  t_free(a);
  return rc;
}

float by_kind(int kind, size_t n) {
  float s = 0;
  switch (kind) {
  case 0: {
    tensor *z = t_zeros(n); // expected-note {{tensor created here by 't_zeros'}}
    if (!z)
      return -1;
    s = t_sum(z);
    break; // expected-warning {{the tensor created by 't_zeros' leaks: 'z' goes out of scope while it still holds it}}
  }
  default: {
    tensor *o = t_ones(n);
    if (!o)
      return -1;
    s = t_sum(o);
    t_free(o);
    break;
  }
  }
  return s;
}

// Only the picked tensors are kept; the others leak at the end of each
// iteration, where 't' goes out of scope.
float keep_picked(size_t n, int rounds) {
  tensor *kept = NULL;
  for (int i = 0; i < rounds; i++) {
    tensor *t = t_ones(n); // expected-note {{tensor created here by 't_ones'}}
    if (!t)
      break;
    if (i % 2 == 0) {
      t_free(kept);
      kept = t;
    }
  } // expected-warning {{the tensor created by 't_ones' leaks: 't' goes out of scope while it still holds it}}
  float s = kept ? t_sum(kept) : 0;
  t_free(kept);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int ok = first_negative(2, 3) == -1 && staged(200) == -1 && by_kind(0, 2) == 0;
  ok &= by_kind(1, 2) == 2 && keep_picked(2, 2) == 2;
  return toy_finish(ok ? 0 : 1);
}
#endif
