// Correct: an ownership flag kept in a field of a local struct beside the
// tensor it describes (`s.owned = 1` with a copy, `s.owned = 0` with a
// view), and the release under `if (s.owned)`.  The field is a flag like a
// local variable (one struct variable has it, never written whole nor by
// address); a NULL test of `s.t`, which holds the copy or the view, says
// that whichever it holds failed.  None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

struct slot {
  tensor *t;
  int owned;
};

float part(tensor *src, int copy) {
  struct slot s;
  if (copy) {
    s.t = t_copy(src);
    s.owned = 1;
  } else {
    s.t = t_view(src, 0, 2);
    s.owned = 0;
  }
  if (!s.t)
    return -1;
  float r = t_sum(s.t);
  if (s.owned)
    t_free(s.t);
  return r;
}

float staged(size_t n, int want_bias) {
  struct { tensor *w, *b; int made; } m = {NULL, NULL, 0};
  m.w = t_ones(n);
  if (!m.w)
    return -1;
  m.made = 1;
  if (want_bias) {
    m.b = t_ones(n);
    if (!m.b)
      goto fail;
    m.made = 2;
  }
  float s = t_sum(m.w) + (m.b ? t_sum(m.b) : 0);
  if (m.made > 1)
    t_free(m.b);
  t_free(m.w);
  return s;
fail:
  if (m.made > 1)
    t_free(m.b);
  t_free(m.w);
  return -1;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *x = t_ones(4);
  if (!x)
    return 1;
  float r = part(x, 1) + part(x, 0) + staged(2, 1) + staged(2, 0);
  t_free(x);
  return toy_finish(r == 12 ? 0 : 1);
}
#endif
