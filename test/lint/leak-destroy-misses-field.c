// Bug: a same-file destroy helper releases one field of the struct it is
// given and forgets the other.  The helper never touches `b` (every use of
// its parameter reads another field), so the caller still holds what
// `s.b` holds, and it leaks when `s` goes.  Correct forms: the caller
// releases the untouched field itself; a helper that hands the field to
// a function the lint cannot see leaves it unknown (no report).
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

struct cell {
  tensor *a, *b;
};

static void destroy(struct cell *p) { t_free(p->a); }

void forget(void) {
  struct cell s;
  s.a = t_ones(2);
  s.b = t_ones(2);
  destroy(&s);
} // expected-warning {{the tensor created by 't_ones' is never released: it leaks at the end of 'forget'}}

void caller_releases_b(void) {
  struct cell s;
  s.a = t_ones(2);
  s.b = t_ones(2);
  destroy(&s);
  t_free(s.b);
}

static void keep_b(tensor *t) { t_free(t); }
static void destroy_both(struct cell *p) {
  t_free(p->a);
  keep_b(p->b);
}

void through_helper(void) {
  struct cell s;
  s.a = t_ones(2);
  s.b = t_ones(2);
  destroy_both(&s);
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  caller_releases_b();
  through_helper();
  forget();
  return toy_finish(0);
}
#endif
