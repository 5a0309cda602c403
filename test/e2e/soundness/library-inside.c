// A library's own code compiled with the plugin and its own API file
// (issue 12, item 3): inside the described creates and releases (and the
// static helpers only they call) the inner creates and releases are left
// alone, so nothing is tracked twice and no real free is skipped; the
// program prints what the library still has allocated after each phase.
// A block handed over to a matrix dies when the library frees it
// (tscope_release_inner): no leak report, and no double free in a scope.
// RUN: env TS_PLUGIN_ARGS=-fplugin-arg-tensorscope-api=%S/Inputs/minilib.yaml %same_run %s -I%S/Inputs
#include "minilib.h"
#include <stdio.h>
#include <tensorscope.h>

/* A block the program makes and hands to a matrix that then owns it (GSL's
 * gsl_vector_alloc_from_block + v->owner = 1): the library's free frees it. */
static double handover(int round) {
  ml_block *b = ml_block_alloc(9);
  b->data[0] = round;
  ml_matrix *m = ml_matrix_wrap(b, 3);
  m->owner = 1;
  double x = m->block->data[0];
  ml_matrix_free(m);
  return x;
}

static double phase(int round) {
  ml_matrix *a = ml_matrix_alloc(3, 3);
  a->block->data[4] = round;
  ml_matrix *b = ml_matrix_clone(a);
  ml_block *raw = ml_block_alloc(9);
  ml_matrix *w = ml_matrix_wrap(raw, 3);
  double x = b->block->data[4] + (double)w->cols;
  ml_matrix_free(w);
  ml_block_free(raw);
  ml_matrix_free(b);
  ml_matrix_free(a);
  return x + handover(round);
}

int main(void) {
  double sum = 0;
  for (int round = 0; round < 500; round++)
    sum += phase(round);
  printf("after the plain rounds: %ld allocated\n", ml_allocated);
  for (int round = 0; round < 500; round++) {
    TSCOPE_SCOPE { sum += phase(round); }
  }
  printf("after the scoped rounds: %ld allocated, sum %g\n", ml_allocated, sum);
  return 0;
}
