// Correct: fill loops that can fail after a[i] was made, whose unwinding
// releases a[i] on that path too (its own label, or a loop reaching a[i]
// under a NULL test), or whose later jump comes before the create, or
// leaves a switch, not the loop, or whose later jump tests a helper that
// keeps a[i]. None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

static int over_budget(int i, int limit) { return i >= limit; }

// The later jump has its own label, which releases a[i] first.
int own_label(size_t n, int limit) {
  tensor *a[3];
  int i;
  for (i = 0; i < 3; i++) {
    a[i] = t_ones(n);
    if (!a[i])
      goto fail;
    if (over_budget(i, limit))
      goto fail_made;
  }
  for (i = 0; i < 3; i++)
    t_free(a[i]);
  return 0;
fail_made:
  t_free(a[i]);
fail:
  while (i-- > 0)
    t_free(a[i]);
  return -1;
}

// The unwinding reaches a[i], skipping it where it is NULL.
int reach_made(size_t n, int limit) {
  tensor *a[3];
  int i;
  for (i = 0; i < 3; i++) {
    a[i] = t_zeros(n);
    if (a[i] == NULL)
      goto fail;
    if (over_budget(i, limit))
      goto fail;
  }
  for (i = 0; i < 3; i++)
    t_free(a[i]);
  return 0;
fail:
  for (int k = 0; k <= i; k++)
    if (a[k])
      t_free(a[k]);
  return -1;
}

// The budget check comes before the create: a[i] is not made yet.
int check_first(size_t n, int limit) {
  tensor *a[3];
  int i;
  for (i = 0; i < 3; i++) {
    if (over_budget(i, limit))
      goto fail;
    a[i] = t_zeros(n);
    if (!a[i])
      goto fail;
  }
  for (i = 0; i < 3; i++)
    t_free(a[i]);
  return 0;
fail:
  while (i-- > 0)
    t_free(a[i]);
  return -1;
}

// The `break` after the create leaves a switch, not the fill loop.
int switch_break(size_t n, int mode) {
  tensor *b[4];
  int i;
  for (i = 0; i < 4; i++) {
    b[i] = t_zeros(n);
    if (!b[i])
      break;
    switch (mode) {
    case 1:
      if (over_budget(i, 2))
        break;
      mode = 2;
      break;
    default:
      break;
    }
  }
  if (i < 4) {
    for (int k = 0; k < i; k++)
      t_free(b[k]);
    return -1;
  }
  for (i = 0; i < 4; i++)
    t_free(b[i]);
  return 0;
}

// The later jump tests a helper that keeps a[i] when it fails (it parks
// the tensor for a retry): a[i] is not the array's alone any more.
static tensor *parked;
static int try_enqueue(tensor *t, int full) {
  if (full) {
    parked = t;
    return -1;
  }
  return 0;
}

int kept_by_helper(size_t n, int full_at) {
  tensor *a[3];
  int i;
  for (i = 0; i < 3; i++) {
    a[i] = t_ones(n);
    if (!a[i])
      goto fail;
    if (try_enqueue(a[i], i == full_at) < 0)
      goto fail;
  }
  for (i = 0; i < 3; i++)
    t_free(a[i]);
  return 0;
fail:
  while (i-- > 0)
    t_free(a[i]);
  return -1;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int ok = own_label(3, 5) == 0 && own_label(3, 1) == -1;
  ok &= reach_made(3, 5) == 0 && reach_made(3, 1) == -1;
  ok &= check_first(3, 5) == 0 && check_first(3, 1) == -1;
  ok &= switch_break(3, 1) == 0 && switch_break(3, 0) == 0;
  ok &= kept_by_helper(3, 7) == 0 && kept_by_helper(3, 1) == -1 && parked;
  t_free(parked);
  return toy_finish(ok ? 0 : 1);
}
#endif
