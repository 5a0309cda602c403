// Bug: a loop fills a local array and a second loop over the same bound
// hands every element to a CONSUMES parameter (a consume round, like a
// release round); reading an element after it is a use after the list
// took it.  The correct form (`push_all`) raises nothing: every element
// the fill loop made is given away.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: use-after-free
#include "tensor.h"

void push_all(tlist *sink, int n) {
  tensor *out[4];
  int i;
  for (i = 0; i < n; i++)
    out[i] = t_zeros_or_die(4);
  for (i = 0; i < n; i++)
    tlist_push(sink, out[i]);
}

float push_then_read(tlist *sink, int n) {
  tensor *out[4];
  int i;
  for (i = 0; i < n; i++)
    out[i] = t_ones(4);
  for (i = 0; i < n; i++)
    tlist_push(sink, out[i]);
  return n > 0 ? t_sum(out[0]) : 0; // expected-warning {{is passed to 't_sum' after it was passed to 'tlist_push', which takes ownership}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tlist *l = toy_list();
  push_all(l, 3);
  return toy_finish(push_then_read(l, 2) == 4 ? 0 : 1);
}
#endif
