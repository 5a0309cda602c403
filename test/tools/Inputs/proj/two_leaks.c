#include "toy.h"

/* Two tensors from the same function leak at the same return: the same
 * place, the same message, but two findings (their creation notes differ). */
double two_leaks(int n) {
  toy *a = toy_new(n);
  toy *b = toy_new(n);
  return toy_sum(a) + toy_sum(b);
}
