// Bug: a view used after the tensor it belongs to was released, when the
// owner's variable was given another tensor in between (and, in g, when
// the owner's variable was cleared): the owner's release is still known.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: use-after-free
#include "tensor.h"

float f(size_t n) {
  tensor *frame = t_ones(n);
  if (!frame)
    return 0;
  tensor *head = t_view(frame, 0, 1);
  tensor *next = t_ones(n);
  t_free(frame);
  frame = next;
  float s = t_sum(head); // expected-warning {{the view returned by 't_view' is passed to 't_sum' after the tensor it belongs to was released}}
  t_free(frame);
  return s;
}

float g(size_t n) {
  tensor *frame = t_ones(n);
  if (!frame)
    return 0;
  tensor *head = t_view(frame, 0, 1);
  t_free(frame);
  frame = NULL;
  return t_sum(head); // expected-warning {{the view returned by 't_view' is passed to 't_sum' after the tensor it belongs to was released}}
}

// Correct: the view is read before its owner goes, and the owner still
// owed a release when its variable is overwritten is a leak, as before.
float ok(size_t n) {
  tensor *frame = t_ones(n);
  if (!frame)
    return 0;
  tensor *head = t_view(frame, 0, 1);
  float s = t_sum(head);
  tensor *next = t_ones(n);
  t_free(frame);
  frame = next;
  t_free(frame);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
