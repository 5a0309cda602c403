/* control.c -- not part of the corpus: the two most obvious bugs, which
 * every tool must report through the shim.  If one does not, its
 * annotations did not take and compare.py refuses to print its numbers. */
#include "tensor.h"

float control_leak(void) {
  tensor *t = t_zeros(4);
  if (!t)
    return 0;
  return 1.0f; /* t is never passed anywhere: no tool may lose track of it */
}

void control_double_release(void) {
  tensor *t = t_zeros(4);
  t_free(t);
  t_free(t);
}
