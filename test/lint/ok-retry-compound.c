// Correct: a create through an out-parameter retried while it fails and
// tries remain, the loop's condition joining the two tests with `&&`. The
// loop goes round again only after a failed create, so nothing is
// overwritten; the tensor is released when the last try succeeded. None
// may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

int do_while_and(size_t n, int tries) {
  tensor *t;
  int rc;
  do
    rc = t_make(n, &t);
  while (rc != 0 && --tries > 0);
  if (rc == 0)
    t_free(t);
  return rc;
}

int do_while_and_swapped(size_t n, int tries) {
  tensor *t;
  int rc;
  do
    rc = t_make(n, &t);
  while (tries-- > 0 && rc != 0);
  if (rc == 0)
    t_free(t);
  return rc;
}

int break_unless(size_t n, int tries) {
  tensor *t;
  int rc;
  while (1) {
    rc = t_make(n, &t);
    if (!(rc != 0 && --tries > 0))
      break;
  }
  if (rc != 0)
    return rc;
  t_free(t);
  return 0;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int ok = do_while_and(3, 2) == 0 && do_while_and(TOY_FAIL, 3) != 0;
  ok = ok && do_while_and_swapped(3, 2) == 0 && do_while_and_swapped(TOY_FAIL, 2) != 0;
  ok = ok && break_unless(3, 2) == 0 && break_unless(TOY_FAIL, 2) != 0;
  return toy_finish(ok ? 0 : 1);
}
#endif
