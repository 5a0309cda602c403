// Correct (GSL, apis/gsl.yaml): the block's ownership moves into a field of
// the vector made from it (`v->owner = 1`), so gsl_vector_free releases
// both.  No false alarm for the block.
// REQUIRES: gsl
// RUN: %lint_verify -fplugin-arg-tensorscope-api=gsl %s
// RUN: %lint_asan %s
// ASAN: clean
// ASAN-FLAGS: -lgsl -lgslcblas -lm
// expected-no-diagnostics
#include <gsl/gsl_vector.h>

double f(size_t n) {
  gsl_block *b = gsl_block_alloc(n);
  if (!b)
    return 0;
  gsl_vector *v = gsl_vector_alloc_from_block(b, 0, n, 1);
  if (!v) {
    gsl_block_free(b);
    return 0;
  }
  v->owner = 1;
  gsl_vector_set_all(v, 1.0);
  double s = gsl_vector_get(v, 0);
  gsl_vector_free(v);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(3) == 1.0 ? 0 : 1); }
#endif
