// Correct: integer flags compared with values, not only tested for truth:
// a stage number tested with `==` or `>` or in a `switch`, a counter
// stepped with `++` or `+=`, all written with constants or steps.  Each
// test says which side of the branch that set the flag the path took.
// None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

int staged(size_t n) {
  int stage = 0;
  tensor *a = t_ones(n);
  if (!a)
    goto out;
  stage = 1;
out:
  if (stage == 1)
    t_free(a);
  return stage;
}

int counted(size_t n) {
  int made = 0;
  tensor *a = t_ones(n);
  if (!a)
    goto out;
  made++;
out:
  if (made > 0)
    t_free(a);
  return made;
}

float switched(size_t n, int want) {
  int stage = 0;
  tensor *a = NULL;
  if (want) {
    a = t_zeros_or_die(n);
    stage += 2;
  }
  float s = 0;
  switch (stage) {
  case 2:
    s = t_sum(a);
    t_free(a);
    break;
  default:
    break;
  }
  return s;
}

float in_loop(size_t n, int k) {
  float s = 0;
  for (int i = 0; i < k; i++) {
    int have = 0;
    tensor *t = NULL;
    if (i % 2) {
      t = t_ones(n);
      have = 1;
    }
    if (have && t) {
      s += t_sum(t);
      t_free(t);
    }
  }
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int r = staged(3) + staged(TOY_FAIL) + counted(3) + counted(TOY_FAIL);
  float s = switched(3, 1) + switched(3, 0) + in_loop(3, 4);
  return toy_finish(r == 2 && s == 6 ? 0 : 1);
}
#endif
