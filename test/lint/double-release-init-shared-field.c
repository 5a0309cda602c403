// Bug: an init helper ties two fields to one tensor by plain assignment
// (no t_retain), and the destroy helper releases both fields.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

struct lm {
  tensor *embed;
  tensor *proj;
};

static int lm_init(struct lm *m, size_t n) {
  m->embed = t_ones(n);
  if (!m->embed)
    return -1;
  m->proj = m->embed;
  return 0;
}

static void lm_destroy(struct lm *m) {
  t_free(m->embed);
  t_free(m->proj);
}

float run(size_t n) {
  struct lm m;
  if (lm_init(&m, n) != 0)
    return -1;
  float s = t_sum(m.embed) + t_sum(m.proj);
  lm_destroy(&m); // expected-warning {{the tensor 'lm_init' stores in field 'embed' is released twice: 'lm_destroy' releases field 'embed' and field 'proj', which hold the same tensor}}
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { run(3); return toy_finish(0); }
#endif
