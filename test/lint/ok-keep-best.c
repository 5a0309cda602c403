// Correct: a loop keeps the best tensor so far in a variable declared
// outside it and releases the others; the one it replaces is released
// first. `t_free(best)` releases the tensor an earlier iteration kept,
// never one an earlier iteration released (each iteration's 't' ends with
// the iteration, so the two paths keep their own statuses). None may be
// reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float keep_largest(size_t n, int rounds) {
  tensor *best = NULL;
  for (int i = 0; i < rounds; i++) {
    tensor *t = t_ones(n + (size_t)i);
    if (!t)
      break;
    if (!best || t_sum(t) > t_sum(best)) {
      if (best)
        t_free(best);
      best = t;
    } else {
      t_free(t);
    }
  }
  float s = best ? t_sum(best) : 0;
  t_free(best);
  return s;
}

float keep_last_big(size_t n, int rounds) {
  tensor *best = NULL;
  for (int i = 0; i < rounds; i++) {
    tensor *t = t_ones(n + (size_t)(i % 3));
    if (!t)
      continue;
    if (t_sum(t) > (float)n) {
      t_free(best);
      best = t;
      continue;
    }
    t_free(t);
  }
  float s = best ? t_sum(best) : 0;
  t_free(best);
  return s;
}

float keep_in_while(size_t n, int rounds) {
  tensor *cur = NULL;
  int i = 0;
  while (i < rounds) {
    tensor *t = t_zeros(n);
    i++;
    if (!t)
      continue;
    if (i % 2) {
      t_free(t);
    } else {
      t_free(cur);
      cur = t;
    }
  }
  float s = cur ? t_sum(cur) + 1 : 0;
  t_free(cur);
  return s;
}

// Three ways out of the body (dropped early, kept, dropped), joined before
// a statement that comes after them: the variable that dropped the tensor
// is dead at the join, so only 'best' carries it on.
float filter_then_keep(size_t n, int rounds) {
  float acc = 0;
  tensor *best = NULL;
  for (int i = 0; i < rounds; i++) {
    tensor *v = t_zeros_or_die(n + (size_t)i);
    float nv = t_sum(v) + (float)i;
    if (nv < 1.0f) {
      t_free(v);
      continue;
    }
    if (!best || nv > t_sum(best)) {
      if (best)
        t_free(best);
      best = v;
    } else {
      t_free(v);
    }
    acc += nv;
  }
  if (best)
    t_free(best);
  return acc;
}

float else_if_keep(size_t n, int rounds) {
  float acc = 0;
  tensor *best = NULL;
  for (int i = 0; i < rounds; i++) {
    tensor *v = t_zeros_or_die(n);
    float nv = (float)(i % 3);
    if (nv < 1.0f) {
      t_free(v);
    } else if (!best || nv > t_sum(best)) {
      t_free(best);
      best = v;
    } else {
      t_free(v);
    }
    acc += nv;
  }
  t_free(best);
  return acc;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int ok = keep_largest(1, 3) == 3 && keep_last_big(2, 5) == 3 && keep_in_while(2, 4) == 1;
  ok &= filter_then_keep(1, 3) == 3 && else_if_keep(2, 5) == 4;
  return toy_finish(ok ? 0 : 1);
}
#endif
