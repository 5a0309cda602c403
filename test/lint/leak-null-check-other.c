// Bug: a may-return-NULL create fails and the earlier tensor leaks.  With a
// create described as aborting (returns_nonnull) the branch cannot happen.
// RUN: %lint_verify %s
#include "tensor.h"

int bug(size_t n) {
  tensor *a = t_zeros_or_die(n);
  tensor *b = t_zeros(n);
  if (!b)
    return -1; // expected-warning {{the tensor created by 't_zeros_or_die' is never released}}
  t_free(b);
  t_free(a);
  return 0;
}

int fine(size_t n) {
  tensor *a = t_zeros(n);
  if (!a)
    return -1;
  tensor *b = t_zeros_or_die(n);
  if (!b)
    return -1; // never taken: t_zeros_or_die aborts instead of returning NULL
  t_free(b);
  t_free(a);
  return 0;
}
