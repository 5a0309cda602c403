// Correct: same-file helpers that release a struct's tensors through a
// pointer to it, in the shapes the lint must not misread: a helper that
// sets each field to NULL after releasing it (the caller's later release
// of a field is a release of NULL), one that releases a field only on some
// paths, one that only reads the fields, one that stores a new tensor in a
// field, and one that also hands the struct on.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

struct pair {
  tensor *a, *b;
};

static void pair_clear(struct pair *p) {
  t_free(p->a);
  p->a = NULL;
  t_free(p->b);
  p->b = NULL;
}

static void pair_free_a_if(struct pair *p, int drop) {
  if (drop)
    t_free(p->a);
}

static float pair_sum(const struct pair *p) { return t_sum(p->a) + t_sum(p->b); }

static void pair_renew(struct pair *p, size_t n) {
  t_free(p->a);
  p->a = t_ones(n);
}

static void pair_free_both(struct pair *p);
static void pair_forward(struct pair *p) {
  t_free(p->b);
  pair_free_both(p);
}
static void pair_free_both(struct pair *p) {
  t_free(p->a);
  if (p->b)
    t_scale_inplace(p->b, 1);
}

float cleared(size_t n) {
  struct pair p = {t_ones(n), t_zeros(n)};
  float s = pair_sum(&p);
  pair_clear(&p);
  t_free(p.a); /* NULL by now */
  t_free(p.b);
  return s;
}

float some_paths(size_t n, int drop) {
  struct pair p = {t_ones(n), t_zeros(n)};
  pair_free_a_if(&p, drop);
  if (!drop)
    t_free(p.a);
  t_free(p.b);
  return 0;
}

float renewed(size_t n) {
  struct pair p = {t_ones(n), t_zeros(n)};
  pair_renew(&p, n);
  float s = t_sum(p.a);
  t_free(p.a);
  t_free(p.b);
  return s;
}

float forwarded(size_t n) {
  struct pair p = {t_ones(n), t_zeros(n)};
  t_free(p.b);
  p.b = t_copy(p.a);
  t_free(p.b);
  p.b = NULL;
  pair_forward(&p);
  return 1;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int bad = cleared(3) != 3 || some_paths(3, 1) != 0 || some_paths(3, 0) != 0 ||
            renewed(3) != 3 || forwarded(3) != 1;
  return toy_finish(bad);
}
#endif
