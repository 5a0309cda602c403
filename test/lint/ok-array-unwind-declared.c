// Correct: fill loops that hand a[i] to a function only declared here and
// jump out when it fails, whose unwinding releases a[i] on that path (its
// own label, or a loop reaching a[i] under a NULL test). None may be
// reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

/* Defined in another file (here: under LINT_MAIN, which the lint never
 * sees). Returns -1 when it fails, keeping nothing. */
int init_weights(tensor *t, int fail);

int own_label(size_t n, int fail_at) {
  tensor *w[3];
  int i;
  for (i = 0; i < 3; i++) {
    w[i] = t_zeros(n);
    if (!w[i])
      goto fail;
    if (init_weights(w[i], i == fail_at) < 0)
      goto fail_made;
  }
  for (i = 0; i < 3; i++)
    t_free(w[i]);
  return 0;
fail_made:
  t_free(w[i]);
fail:
  while (i-- > 0)
    t_free(w[i]);
  return -1;
}

int reach_made(size_t n, int fail_at) {
  tensor *w[3];
  int i;
  for (i = 0; i < 3; i++) {
    w[i] = t_ones(n);
    if (w[i] == NULL)
      goto fail;
    t_scale_inplace(w[i], 0.5f);
    if (init_weights(w[i], i == fail_at) < 0)
      goto fail;
  }
  for (i = 0; i < 3; i++)
    t_free(w[i]);
  return 0;
fail:
  for (int k = 0; k <= i; k++)
    if (w[k])
      t_free(w[k]);
  return -1;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int init_weights(tensor *t, int fail) {
  if (fail)
    return -1;
  for (size_t k = 0; k < t->n; k++)
    t->data[k] = 0.5f;
  return 0;
}
int main(void) {
  int ok = own_label(3, 7) == 0 && own_label(3, 1) == -1;
  ok &= reach_made(3, 7) == 0 && reach_made(3, 2) == -1;
  return toy_finish(ok ? 0 : 1);
}
#endif
