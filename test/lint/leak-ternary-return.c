// Bug: a function makes two tensors and returns one of them picked by a
// condition (`return c ? s : p;`); the one not picked is never released.
// Each leaks on its own side of the condition.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

tensor *pick(int c) {
  tensor *s = t_zeros_or_die(2); // expected-note {{tensor created here by 't_zeros_or_die'}}
  tensor *p = t_zeros_or_die(2); // expected-note {{tensor created here by 't_zeros_or_die'}}
  return c ? s : p; // expected-warning {{the tensor created by 't_zeros_or_die' is never released: it leaks at this return; leaked when the condition at leak-ternary-return.c:12 is false}} expected-warning {{the tensor created by 't_zeros_or_die' is never released: it leaks at this return; leaked when the condition at leak-ternary-return.c:12 is true}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *t = pick(1);
  t_free(t);
  return toy_finish(0);
}
#endif
