// Bug: the tensor is handed to the list under a condition and read after
// it on that side (the toy list releases it at once).  Found with the side
// named, although on the other side the tensor is still ours.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: use-after-free
#include "tensor.h"

float emit(tlist *l, size_t n, int publish) {
  tensor *t = t_ones(n);
  if (!t)
    return -1;
  if (publish)
    tlist_push(l, t);
  float s = t_sum(t); // expected-warning {{after it was passed to 'tlist_push', which takes ownership (and may have released it) when the condition at use-after-consume-one-side.c:13 is true}}
  if (!publish)
    t_free(t);
  return s;
}

/* Correct: read first, then given away on one side only. */
float emit_ok(tlist *l, size_t n, int publish) {
  tensor *t = t_ones(n);
  if (!t)
    return -1;
  float s = t_sum(t);
  if (publish)
    tlist_push(l, t);
  else
    t_free(t);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tlist *l = toy_list();
  int bad = emit_ok(l, 2, 1) != 2 || emit_ok(l, 2, 0) != 2;
  bad |= emit(l, 3, 0) != 3 || emit(l, 3, 1) != 3;
  return toy_finish(bad);
}
#endif
