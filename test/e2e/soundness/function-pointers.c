// Releases (and creates) through function pointers (issue 12): a release
// function passed as an argument, as a callback applied to an array, kept
// in a table of operations (a static initializer), and a create called
// through a pointer; inside scopes and outside.
// REQUIRES: gsl
// RUN: env TS_PLUGIN_ARGS=-fplugin-arg-tensorscope-api=%apis/gsl.yaml %same_run %s -lgsl -lgslcblas -lm
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>
#include <stdio.h>
#include <tensorscope.h>

typedef void (*matrix_fn)(gsl_matrix *);

static void apply(matrix_fn fn, gsl_matrix *m) { fn(m); }
static void for_each(gsl_matrix **ms, int n, matrix_fn fn) {
  for (int i = 0; i < n; i++)
    fn(ms[i]);
}

struct vector_ops {
  gsl_vector *(*alloc)(size_t);
  void (*free)(gsl_vector *);
};
static const struct vector_ops ops = {gsl_vector_alloc, gsl_vector_free};

static double round_of(int round, matrix_fn release) {
  double sum = 0;
  gsl_matrix *a = gsl_matrix_alloc(3, 3);
  gsl_matrix_set_all(a, round);
  sum += gsl_matrix_get(a, 2, 2);
  apply(gsl_matrix_free, a);
  gsl_matrix *ms[4];
  for (int i = 0; i < 4; i++)
    ms[i] = gsl_matrix_calloc(2, 2);
  for_each(ms, 4, gsl_matrix_free);
  gsl_vector *v = ops.alloc(8);
  gsl_vector_set_all(v, 1.5);
  sum += gsl_vector_get(v, 7);
  ops.free(v);
  gsl_matrix *b = gsl_matrix_alloc(2, 2);
  release(b);
  return sum;
}

int main(int argc, char **argv) {
  (void)argv;
  matrix_fn release = argc > 5 ? (matrix_fn)0 : gsl_matrix_free;
  double sum = 0;
  for (int round = 0; round < 200; round++) {
    TSCOPE_SCOPE { sum += round_of(round, release); }
  }
  for (int round = 0; round < 200; round++)
    sum += round_of(round, release);
  printf("sum %g, same pointer %d\n", sum, release == gsl_matrix_free);
  return 0;
}
