// Correct: `best` starts as the caller's tensor and is replaced by a new
// one when a candidate is better; comparing it with the parameter tells
// the two apart (`if (best != x0) t_free(best);`, `if (best == x0) return
// t_copy(x0);`).  Equal, it holds the caller's tensor, and a candidate
// only it could hold is not alive on that path; not equal, it holds a
// candidate.  None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

/* One candidate, made under a condition. */
tensor *maybe_better(tensor *x0, int c) {
  tensor *best = x0;
  if (c)
    best = t_copy(x0);
  if (best == x0)
    return t_copy(x0);
  return best;
}

/* A search loop that keeps the best candidate so far. */
tensor *line_search(tensor *x0, const tensor *dir, int tries) {
  tensor *best = x0;
  float best_score = t_sum(x0);
  for (int k = 0; k < tries; k++) {
    tensor *cand = t_add(x0, dir);
    if (!cand)
      break;
    t_scale_inplace(cand, (float)(k + 1));
    float score = t_sum(cand);
    if (score > best_score) {
      if (best != x0)
        t_free(best);
      best = cand;
      best_score = score;
    } else {
      t_free(cand);
    }
  }
  if (best == x0)
    return t_copy(x0);
  return best;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *x = t_ones(2), *d = t_ones(2);
  if (!x || !d)
    return 1;
  tensor *a = maybe_better(x, 0), *b = maybe_better(x, 1);
  tensor *c = line_search(x, d, 3), *e = line_search(x, d, 0);
  int bad = !a || !b || !c || !e || t_sum(c) != 12 || t_sum(e) != 2;
  t_free(a);
  t_free(b);
  t_free(c);
  t_free(e);
  t_free(x);
  t_free(d);
  return toy_finish(bad);
}
#endif
