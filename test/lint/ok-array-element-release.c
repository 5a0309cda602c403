// Correct: tensors kept in a local array and released through it in
// shapes other than a fill loop and its release round: one tensor put in
// with `a[k++]` and released by a loop to `k`; a NULL-terminated array
// walked with a pointer; extra references taken into an array and each
// given back by a loop with the same bound. None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float one_slot(size_t n, int extra) {
  tensor *owned[2];
  int k = 0;
  owned[k++] = t_ones(n);
  if (extra)
    owned[k++] = t_zeros(n);
  float s = t_sum(owned[0]);
  for (int i = 0; i < k; i++)
    t_free(owned[i]);
  return s;
}

float null_terminated(size_t n) {
  tensor *set[3];
  set[0] = t_ones(n);
  set[1] = set[0] ? t_ones(n) : NULL;
  set[2] = NULL;
  float s = 0;
  for (tensor **p = set; *p; p++) {
    s += t_sum(*p);
    t_free(*p);
  }
  return s;
}

float shared_by_users(size_t n, int users) {
  tensor *base = t_ones(n);
  if (!base)
    return -1;
  tensor *refs[4];
  for (int i = 0; i < users; i++)
    refs[i] = t_retain(base);
  float s = 0;
  for (int i = 0; i < users; i++)
    s += t_sum(refs[i]);
  for (int i = 0; i < users; i++)
    t_free(refs[i]);
  t_free(base);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int ok = one_slot(3, 0) == 3 && one_slot(3, 1) == 3;
  ok = ok && null_terminated(2) == 4 && null_terminated(TOY_FAIL) == 0;
  ok = ok && shared_by_users(2, 3) == 6 && shared_by_users(2, 0) == 0;
  return toy_finish(ok ? 0 : 1);
}
#endif
