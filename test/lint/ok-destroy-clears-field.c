// Correct: a destroy helper releases each field and clears it, so a second
// destroy (or a release of the field) afterwards releases NULL, a no-op;
// a helper that clears a field on some paths only leaves it unknown.
// None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

struct mod {
  tensor *emb;
  tensor *head;
};

static void mod_destroy(struct mod *m) {
  t_free(m->emb);
  m->emb = NULL;
  t_free(m->head);
  m->head = NULL;
}

float destroy_twice(size_t n) {
  struct mod m;
  m.emb = t_ones(n);
  m.head = t_zeros(n);
  float s = m.emb ? t_sum(m.emb) : 0;
  mod_destroy(&m);
  mod_destroy(&m); // idempotent: both fields are NULL
  t_free(m.emb);
  return s;
}

static void drop_head(struct mod *m, int keep) {
  if (!keep) {
    t_free(m->head);
    m->head = NULL;
  }
}

float maybe_dropped(size_t n, int keep) {
  struct mod m;
  m.emb = NULL;
  m.head = t_ones(n);
  drop_head(&m, keep);
  t_free(m.head);
  return 0;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  destroy_twice(2);
  maybe_dropped(2, 0);
  maybe_dropped(2, 1);
  return toy_finish(0);
}
#endif
