// Correct: a pick between two owned tensors that returns one and releases
// the other, in several spellings, and structs copied by value whose
// tensors are then released through one copy only. None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

tensor *pick_release_other(int c) {
  tensor *s = t_zeros_or_die(2);
  tensor *p = t_zeros_or_die(2);
  t_free(c ? p : s);
  return c ? s : p;
}

tensor *pick_first(int c) {
  tensor *s = t_zeros_or_die(2);
  tensor *p = t_zeros_or_die(2);
  if (c)
    t_free(p);
  else
    t_free(s);
  return c ? s : p;
}

struct layer {
  tensor *w;
  tensor *b;
};

float release_through_copy(size_t n) {
  struct layer a;
  a.w = t_zeros_or_die(n);
  a.b = t_zeros_or_die(n);
  struct layer b = a;
  float s = t_sum(a.w) + t_sum(b.b);
  t_free(b.w);
  t_free(b.b);
  return s;
}

float moved(size_t n) {
  struct layer a = {t_zeros_or_die(n), NULL}, b;
  b = a;
  a.w = NULL;
  float s = t_sum(b.w);
  t_free(a.w);
  t_free(b.w);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *x = pick_release_other(1), *y = pick_release_other(0);
  tensor *z = pick_first(1), *w = pick_first(0);
  int ok = x && y && z && w;
  t_free(x);
  t_free(y);
  t_free(z);
  t_free(w);
  ok = ok && release_through_copy(2) == 0 && moved(3) == 0;
  return toy_finish(ok ? 0 : 1);
}
#endif
