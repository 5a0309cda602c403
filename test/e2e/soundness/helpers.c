// Releases through same-file helpers (issue 12): a helper, a helper of a
// helper, a helper that releases under `if (t)`, one that releases only on
// its failure path (the caller frees on the other), and a variadic one;
// inside a scope (where a release the runtime missed becomes a double free
// at the scope's end) and outside (where it becomes a false "was lost").
// REQUIRES: gsl
// RUN: env TS_PLUGIN_ARGS=-fplugin-arg-tensorscope-api=%apis/gsl.yaml %same_run %s -lgsl -lgslcblas -lm
#include <gsl/gsl_matrix.h>
#include <stdarg.h>
#include <stdio.h>
#include <tensorscope.h>

static void drop(gsl_matrix *m) { gsl_matrix_free(m); }
static void drop_via(gsl_matrix *m) { drop(m); }
static void drop_if(gsl_matrix *m) {
  if (m)
    gsl_matrix_free(m);
}
static int check_or_drop(gsl_matrix *m, int bad) {
  if (bad) {
    gsl_matrix_free(m);
    return -1;
  }
  return 0;
}
static void drop_all(int n, ...) {
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++)
    gsl_matrix_free(va_arg(ap, gsl_matrix *));
  va_end(ap);
}

static double round_of(int round) {
  double sum = 0;
  gsl_matrix *a = gsl_matrix_alloc(4, 4);
  gsl_matrix_set_all(a, round);
  sum += gsl_matrix_get(a, 1, 1);
  drop(a);
  gsl_matrix *b = gsl_matrix_alloc(4, 4);
  sum += b->size1;
  drop_via(b);
  gsl_matrix *c = gsl_matrix_alloc(4, 4);
  drop_if(c);
  drop_if(NULL);
  gsl_matrix *d = gsl_matrix_alloc(4, 4);
  if (check_or_drop(d, round & 1) == 0)
    gsl_matrix_free(d);
  gsl_matrix *e = gsl_matrix_alloc(4, 4), *f = gsl_matrix_alloc(4, 4);
  drop_all(2, e, f);
  return sum;
}

int main(void) {
  double sum = 0;
  for (int round = 0; round < 200; round++) {
    TSCOPE_SCOPE { sum += round_of(round); }
  }
  for (int round = 0; round < 200; round++)
    sum += round_of(round);
  printf("sum %g\n", sum);
  return 0;
}
