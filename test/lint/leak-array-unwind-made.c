// Bug: a fill loop that can fail after a[i] itself was made (a budget
// check after the create and its NULL test), with an unwinding loop that
// is right for the failed create only: `while (i-- > 0)` and `for (k = 0;
// k < i; k++)` stop at a[i - 1], so a[i] leaks when that later jump is
// taken (also when that jump tests what a helper that only reads a[i]
// says of it).
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

static int over_budget(int i, int limit) { return i >= limit; }

int by_goto(size_t n, int limit) {
  tensor *a[3];
  int i;
  for (i = 0; i < 3; i++) {
    a[i] = t_ones(n); // expected-note {{tensor created here by 't_ones'}}
    if (!a[i])
      goto fail;
    if (over_budget(i, limit))
      goto fail;
  }
  for (i = 0; i < 3; i++)
    t_free(a[i]);
  return 0;
fail:
  while (i-- > 0) // expected-warning {{the tensor created by 't_ones' into 'a[i]' is never released: this unwinding loop stops at 'a[i - 1]'; leaked when the goto at}}
    t_free(a[i]);
  return -1;
}

int by_break(size_t n, int limit) {
  tensor *b[4];
  int i;
  for (i = 0; i < 4; i++) {
    b[i] = t_zeros(n); // expected-note {{tensor created here by 't_zeros'}}
    if (b[i] == NULL)
      break;
    if (over_budget(i, limit)) {
      limit = -1;
      break;
    }
  }
  if (i < 4) {
    for (int k = 0; k < i; k++) // expected-warning {{into 'b[i]' is never released: this unwinding loop stops at 'b[i - 1]'; leaked when the break at}}
      t_free(b[k]);
    return -1;
  }
  for (i = 0; i < 4; i++)
    t_free(b[i]);
  return 0;
}

// The later jump tests a helper's result on a[i]: the helper only reads it.
static int init(tensor *t, int fail) {
  t_scale_inplace(t, 0.5f);
  return fail ? -1 : 0;
}

int by_init(size_t n, int bad_at) {
  tensor *c[3];
  int i;
  for (i = 0; i < 3; i++) {
    c[i] = t_ones(n); // expected-note {{tensor created here by 't_ones'}}
    if (!c[i])
      goto fail;
    if (init(c[i], i == bad_at) < 0)
      goto fail;
  }
  for (i = 0; i < 3; i++)
    t_free(c[i]);
  return 0;
fail:
  for (int k = i - 1; k >= 0; k--) // expected-warning {{into 'c[i]' is never released: this unwinding loop stops at 'c[i - 1]'; leaked when the goto at}}
    t_free(c[k]);
  return -1;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int ok = by_goto(3, 5) == 0 && by_goto(3, 1) == -1 && by_break(3, 5) == 0 && by_break(3, 0) == -1;
  ok &= by_init(3, 7) == 0 && by_init(3, 1) == -1;
  return toy_finish(ok ? 0 : 1);
}
#endif
