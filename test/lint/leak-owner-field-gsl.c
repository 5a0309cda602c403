// Bug (GSL, apis/gsl.yaml): a vector made from a block without taking
// ownership of it (no `v->owner = 1`): gsl_vector_free leaves the block,
// which leaks.
// REQUIRES: gsl
// RUN: %lint_verify -fplugin-arg-tensorscope-api=gsl %s
// RUN: %lint_asan %s
// ASAN: leak
// ASAN-FLAGS: -lgsl -lgslcblas -lm
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
  gsl_vector_set_all(v, 1.0);
  double s = gsl_vector_get(v, 0);
  gsl_vector_free(v);
  return s; // expected-warning {{the tensor created by 'gsl_block_alloc' is never released}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(3) == 1.0 ? 0 : 1); }
#endif
