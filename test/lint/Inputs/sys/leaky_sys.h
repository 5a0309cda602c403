/* A system header (included with -isystem) with a leaky inline helper. */
#include "tensor.h"
static inline void sys_helper(size_t n) {
  tensor *t = t_zeros(n);
  t_print(t);
}
