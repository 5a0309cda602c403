// Correct: stored into a global (a static cache), and into an array
// reachable from outside.
// RUN: %lint_verify %s
// expected-no-diagnostics
#include "tensor.h"

static tensor *g_cache;
tensor *g_slots[8];

void warm(size_t n) {
  tensor *t = t_ones(n);
  g_cache = t;
}

void fill(tensor **slots, int k, size_t n) {
  for (int i = 0; i < k; i++)
    slots[i] = t_zeros(n);
  g_slots[0] = t_zeros(n);
}
