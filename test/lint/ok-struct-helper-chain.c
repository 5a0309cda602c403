// Correct: helpers that hand their struct pointer on to another helper
// releasing its fields, in the shapes the lint must not misread: the inner
// helper also clears a field (so its caller's field is NULL, not a
// released tensor), the outer one stores a new tensor in a released field,
// and the outer one calls the inner one on some paths only.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

struct net {
  tensor *w, *b, *out;
};

static void params_clear(struct net *n) {
  t_free(n->w);
  n->w = NULL;
  t_free(n->b);
}

static void net_clear(struct net *n) {
  params_clear(n);
  t_free(n->out);
}

static void params_free(struct net *n) {
  t_free(n->w);
  t_free(n->b);
}

static void net_reset(struct net *n) {
  params_free(n);
  n->w = t_ones(1);
  n->b = t_zeros(1);
}

static void net_maybe_free(struct net *n, int all) {
  if (all)
    params_free(n);
  t_free(n->out);
}

static struct net make(size_t k) {
  struct net n;
  n.w = t_ones(k);
  n.b = t_zeros(k);
  n.out = t_ones(k);
  return n;
}

float f(size_t k) {
  struct net n = make(k);
  float s = t_sum(n.out);
  net_clear(&n);
  t_free(n.w); // NULL: params_clear cleared it

  struct net m = make(k);
  net_reset(&m);
  s += t_sum(m.w);
  t_free(m.w);
  t_free(m.b);
  t_free(m.out);

  struct net q = make(k);
  net_maybe_free(&q, 0);
  s += t_sum(q.w);
  t_free(q.w);
  t_free(q.b);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(3) == 7.0f ? 0 : 1); }
#endif
