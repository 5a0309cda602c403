// Bug: a create retried while it fails and tries remain (`rc != 0 &&
// --tries > 0`), and the tensor the last, successful try made is never
// released. The loop's `&&` says the tensor exists exactly when it ends
// with `rc == 0`, so the leak is on that path.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

int retry_make(size_t n, int tries) {
  tensor *t;
  int rc;
  do
    rc = t_make(n, &t); // expected-note {{tensor created here by 't_make'}}
  while (rc != 0 && --tries > 0);
  return rc; // expected-warning {{the tensor created by 't_make' is never released: it leaks at this return; leaked when the condition at leak-retry-compound.c:15 is false}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(retry_make(3, 2)); }
#endif
