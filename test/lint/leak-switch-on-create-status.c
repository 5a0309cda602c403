// Bug: the switch of ok-switch-on-create-status.c, whose ST_OK case
// forgets the release.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

enum status { ST_OK, ST_EMPTY, ST_NOMEM };

static enum status load(int idx, tensor **out) {
  if (idx < 0)
    return ST_EMPTY;
  tensor *t = t_ones((size_t)idx + 1);
  if (!t)
    return ST_NOMEM;
  *out = t;
  return ST_OK;
}

float weight(int idx) {
  tensor *w;
  switch (load(idx, &w)) { // expected-note {{tensor created here by 'load'}}
  case ST_OK:
    return t_sum(w); // expected-warning {{is never released: it leaks at this return}}
  case ST_EMPTY:
    return 0;
  default:
    return -1;
  }
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(weight(2) == 3 ? 0 : 1); }
#endif
