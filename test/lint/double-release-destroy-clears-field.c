// Bug: a struct field holds the same tensor as a local; the destroy helper
// releases the field and clears it (`p->f = NULL`), and the caller then
// releases the local too.  The clearing keeps the helper a field release.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

struct mod {
  tensor *emb;
  tensor *head;
};

static void mod_destroy(struct mod *m) {
  t_free(m->emb);
  m->emb = NULL;
  if (m->head) {
    t_free(m->head);
    m->head = NULL;
  }
}

float tied(size_t n) {
  tensor *shared = t_ones(n);
  if (!shared)
    return 0;
  struct mod m;
  m.emb = shared;
  m.head = NULL;
  float s = t_sum(m.emb);
  mod_destroy(&m);
  t_free(shared); // expected-warning {{the tensor created by 't_ones' is released twice}}
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tied(3);
  return toy_finish(0);
}
#endif
