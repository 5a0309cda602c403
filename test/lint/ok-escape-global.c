// Correct: stored into a global (a static cache), and into an array
// reachable from outside.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
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

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { tensor *s[2]; warm(3); fill(s, 2, 3); t_free(s[0]); t_free(s[1]); t_free(g_cache); t_free(g_slots[0]); return toy_finish(0); }
#endif
