// Correct: `while` fill loops (and a `for (; ...)` whose start comes just
// before it) whose unwinding reaches every made element, or whose index
// the lint cannot follow (a `continue` that skips the step, a start not
// just before the loop, a step that is not last). None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

static int over_budget(int i, int limit) { return i >= limit; }

// The unwinding releases a[i - 1] .. a[0].
int right(size_t n, size_t bad_size) {
  tensor *a[3];
  int i = 0;
  while (i < 3) {
    a[i] = t_ones(i == 2 ? bad_size : n);
    if (!a[i])
      goto fail;
    i++;
  }
  for (i = 0; i < 3; i++)
    t_free(a[i]);
  return 0;
fail:
  while (i-- > 0)
    t_free(a[i]);
  return -1;
}

// The step comes first and the store is b[i - 1]: the lint follows only
// a step that comes last, and stays quiet. This unwinding is right: at the
// jump, i counts the made elements and the failed one, whose NULL the test
// skips.
int step_first(size_t n, size_t bad_size) {
  tensor *b[3];
  int i = 0;
  while (i < 3) {
    i++;
    b[i - 1] = t_zeros(i == 3 ? bad_size : n);
    if (!b[i - 1])
      goto fail;
  }
  for (i = 0; i < 3; i++)
    t_free(b[i]);
  return 0;
fail:
  while (i-- > 0)
    if (b[i])
      t_free(b[i]);
  return -1;
}

// A `continue` skips the step: a retry of the same slot after a budget
// check that comes before the create.
int retry(size_t n, int skip_once) {
  tensor *c[3];
  int i = 0;
  while (i < 3) {
    if (skip_once) {
      skip_once = 0;
      continue;
    }
    c[i] = t_ones(n);
    if (!c[i])
      goto fail;
    i++;
  }
  for (i = 0; i < 3; i++)
    t_free(c[i]);
  return 0;
fail:
  while (--i >= 0)
    t_free(c[i]);
  return -1;
}

// The made element is released at its own label, then the rest.
int own_label(size_t n, int limit) {
  tensor *d[3];
  int i = 0;
  while (i < 3) {
    d[i] = t_ones(n);
    if (!d[i])
      goto fail;
    if (over_budget(i, limit))
      goto fail_made;
    i++;
  }
  for (i = 0; i < 3; i++)
    t_free(d[i]);
  return 0;
fail_made:
  t_free(d[i]);
fail:
  while (i-- > 0)
    t_free(d[i]);
  return -1;
}

// The start is not just before the loop (a statement between): the lint
// does not follow it, and this unwinding is right anyway.
int start_apart(size_t n, size_t bad_size) {
  tensor *e[3];
  int i = 0;
  size_t m = n + 0;
  for (; i < 3; i++) {
    e[i] = t_zeros(i == 1 ? bad_size : m);
    if (!e[i])
      goto fail;
  }
  for (i = 0; i < 3; i++)
    t_free(e[i]);
  return 0;
fail:
  for (int k = 0; k < i; k++)
    t_free(e[k]);
  return -1;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int ok = right(3, 3) == 0 && right(3, TOY_FAIL) == -1;
  ok &= step_first(3, 3) == 0 && step_first(3, TOY_FAIL) == -1;
  ok &= retry(3, 1) == 0 && retry(3, 0) == 0 && retry(TOY_FAIL, 0) == -1;
  ok &= own_label(3, 5) == 0 && own_label(3, 1) == -1;
  ok &= start_apart(3, 3) == 0 && start_apart(3, TOY_FAIL) == -1;
  return toy_finish(ok ? 0 : 1);
}
#endif
