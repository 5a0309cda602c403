// Bug: a destroy helper releases and clears one field and forgets the
// other; the field it never touches stays the caller's, and leaks.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

struct model {
  tensor *a, *b;
};

static void model_destroy(struct model *m) {
  t_free(m->a);
  m->a = NULL;
}

void run(size_t n) {
  struct model m;
  m.a = t_ones(n);
  m.b = t_zeros(n);
  model_destroy(&m);
} // expected-warning {{the tensor created by 't_zeros' is never released: it leaks at the end of 'run'}}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { run(3); return toy_finish(0); }
#endif
