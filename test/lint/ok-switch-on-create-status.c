// Correct: a same-file helper makes its out-parameter only when it returns
// ST_OK, and the caller switches on what it returned: only `case ST_OK:`
// has a tensor to release.  None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
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
  float s;
  switch (load(idx, &w)) {
  case ST_OK:
    s = t_sum(w);
    t_free(w);
    return s;
  case ST_EMPTY:
    return 0;
  default:
    return -1;
  }
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(weight(2) == 3 && weight(-1) == 0 ? 0 : 1); }
#endif
