// Correct: one unchanged flag tested in different spellings (`c` and `!c`,
// `c != 0` and `c == 0`, `switch (c)`): each is the same condition, so a
// tensor released under one spelling and otherwise under another is
// released once on every path.  None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

void either(size_t n, int c) {
  tensor *a = t_zeros_or_die(n);
  if (c)
    t_free(a);
  if (!c)
    t_free(a);
}

float spelled(size_t n, int fast) {
  tensor *a = t_ones(n);
  if (!a)
    return 0;
  float s = 0;
  if (fast != 0)
    s = t_sum(a);
  if (fast == 0)
    s = 2 * t_sum(a);
  if (fast == 0)
    t_free(a);
  else
    t_free(a);
  return s;
}

float by_switch(size_t n, unsigned mode) {
  tensor *tmp = NULL;
  if (mode)
    tmp = t_zeros_or_die(n);
  float s = 0;
  switch (mode) {
  case 0:
    break;
  default:
    s = t_sum(tmp);
    t_free(tmp);
  }
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  either(3, 0);
  either(3, 1);
  float s = spelled(3, 0) + spelled(3, 1) + by_switch(3, 0) + by_switch(3, 2);
  return toy_finish(s == 9 ? 0 : 1);
}
#endif
