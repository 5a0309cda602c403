// Correct: each round gives the list a reference of its own
// (`tlist_push(tap, t_retain(act))`), and the function returns `act`
// itself.  The consuming call takes the retain's reference, as a release
// would, so `act` is still ours to return.  None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

tensor *publish(tlist *tap, int n) {
  tensor *act = t_ones(4);
  if (!act)
    return NULL;
  for (int l = 0; l < n; l++)
    tlist_push(tap, t_retain(act));
  return act;
}

tensor *publish_once(tlist *tap) {
  tensor *act = t_ones(2);
  if (!act)
    return NULL;
  tensor *r = t_retain(act);
  tlist_push(tap, r);
  t_scale_inplace(act, 2.0f);
  return act;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tlist *l = toy_list();
  tensor *a = publish(l, 3), *b = publish_once(l);
  int bad = !a || !b;
  t_free(a);
  t_free(b);
  return toy_finish(bad);
}
#endif
