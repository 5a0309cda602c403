// Bug: a same-file init helper fills the fields of a local struct (each a
// new tensor on success, none on failure) and the destroy helper forgets
// one of them: the caller leaks the tensor the init stored there.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

struct cell {
  tensor *w_in, *w_gate, *b_gate;
};

static int cell_init(struct cell *c, size_t n) {
  c->w_in = t_ones(n);
  if (!c->w_in)
    return -1;
  c->w_gate = t_ones(n);
  if (!c->w_gate)
    goto fail_in;
  c->b_gate = t_zeros(n);
  if (!c->b_gate)
    goto fail_gate;
  return 0;
fail_gate:
  t_free(c->w_gate);
fail_in:
  t_free(c->w_in);
  return -1;
}

static void cell_destroy(struct cell *c) {
  t_free(c->w_in);
  t_free(c->w_gate);
} // (b_gate is forgotten)

float run_cell(size_t n) {
  struct cell c;
  if (cell_init(&c, n) != 0)
    return -1;
  float s = t_sum(c.w_in) + t_sum(c.b_gate);
  cell_destroy(&c);
  return s; // expected-warning {{the tensor 'cell_init' stores in field 'b_gate' is never released: it leaks at this return}}
}

// A void init (every field filled on every exit; a create may give NULL).
static void pair_init(struct cell *c, size_t n) {
  c->w_in = t_ones(n);
  c->w_gate = t_zeros(n);
  c->b_gate = NULL;
}

float run_pair(size_t n) {
  struct cell c;
  pair_init(&c, n);
  float s = c.w_in ? t_sum(c.w_in) : 0;
  t_free(c.w_in);
  return s; // expected-warning {{the tensor 'pair_init' stores in field 'w_gate' is never released: it leaks at this return}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  run_cell(3);
  run_pair(2);
  return toy_finish(0);
}
#endif
