/* Included by two TUs: its leak must be reported once. */
#include "toy.h"

static inline void shared_leak(int n) {
  toy_new(n);
}
