// Per-line suppression comments: `tscope-ignore` (all categories),
// `tscope-ignore(leak, ...)` (those listed), `tscope-ignore-next-line`; on
// the finding's line or on the line that created the tensor.
// RUN: %lint_verify %s
#include "tensor.h"

void on_the_finding(size_t n) {
  tensor *t = t_zeros_or_die(n);
  t_free(t);
  t_free(t); // tscope-ignore
}

void on_the_create(size_t n) {
  tensor *t = t_ones(n); // tscope-ignore(leak): kept for the process lifetime
  t_print(t);
}

void next_line(size_t n) {
  // tscope-ignore-next-line(tscope-leak)
  t_zeros(n);
}

void other_category(size_t n) {
  tensor *t = t_zeros_or_die(n); // tscope-ignore(double-release)
  t_print(t);
} // expected-warning {{never released}}
