// Correct: same-file init helpers fill the fields of local structs, and
// every caller releases each tensor once, however it tests the result or
// wherever the struct goes next.  None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

struct pair {
  tensor *a, *b;
};

static int pair_init(struct pair *p, size_t n) {
  p->a = t_ones(n);
  if (!p->a)
    return -1;
  p->b = t_zeros(n);
  if (!p->b) {
    t_free(p->a);
    return -1;
  }
  return 0;
}

static void pair_fini(struct pair *p) {
  t_free(p->a);
  t_free(p->b);
}

// A void init: a create may have failed, so the caller tests the fields.
static void pair_fill(struct pair *p, size_t n) {
  p->a = t_ones(n);
  p->b = t_ones(n);
}

// Releases what a field held and stores a new one: the caller's old
// tensor is gone, the new one is the caller's.
static void pair_reset(struct pair *p, size_t n) {
  t_free(p->a);
  p->a = t_zeros(n);
}

int negative_status(size_t n) {
  struct pair p;
  if (pair_init(&p, n) < 0)
    return -1;
  pair_fini(&p);
  return 0;
}

int status_variable(size_t n) {
  struct pair p;
  int rc = pair_init(&p, n);
  if (rc != 0)
    goto out;
  t_sum(p.a);
  pair_fini(&p);
out:
  return rc;
}

int success_branch(size_t n) {
  struct pair p;
  if (!pair_init(&p, n)) {
    pair_fini(&p);
    return 0;
  }
  return -1;
}

int void_init(size_t n) {
  struct pair p;
  pair_fill(&p, n);
  if (!p.a || !p.b) {
    t_free(p.a);
    t_free(p.b);
    return -1;
  }
  pair_fini(&p);
  return 0;
}

int reset_then_free(size_t n) {
  struct pair p;
  p.a = t_ones(n);
  p.b = NULL;
  pair_reset(&p, n);
  t_free(p.a);
  return 0;
}

struct holder {
  struct pair p;
};

// The struct is copied where it outlives the call: the tensors go with it.
int keep_in_holder(struct holder *h, size_t n) {
  struct pair p;
  if (pair_init(&p, n))
    return -1;
  h->p = p;
  return 0;
}

// The struct is returned whole.
struct pair make_pair(size_t n) {
  struct pair p = {0};
  if (pair_init(&p, n))
    p.a = p.b = NULL;
  return p;
}

// Its address goes somewhere before the init: not followed.
int through_pointer(size_t n) {
  struct pair p;
  struct pair *q = &p;
  if (pair_init(&p, n))
    return -1;
  pair_fini(q);
  return 0;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int rc = negative_status(3) + negative_status(TOY_FAIL) + status_variable(2) +
           status_variable(TOY_FAIL) + success_branch(2) + void_init(2) + void_init(TOY_FAIL) +
           reset_then_free(2) + through_pointer(2);
  struct holder h;
  if (keep_in_holder(&h, 2) == 0)
    pair_fini(&h.p);
  struct pair p = make_pair(2);
  pair_fini(&p);
  return toy_finish(rc == -3 ? 0 : 1);
}
#endif
