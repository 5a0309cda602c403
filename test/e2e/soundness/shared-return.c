// A create that returns a shared object (issue 12):
// gsl_integration_glfixed_table_alloc returns one static precomputed table
// for some orders (and a fresh one for others), and its free leaves the
// static ones alone.  apis/gsl.yaml declares it `shared: true`.
// REQUIRES: gsl
// RUN: env TS_PLUGIN_ARGS=-fplugin-arg-tensorscope-api=%apis/gsl.yaml %same_run %s -lgsl -lgslcblas -lm
#include <gsl/gsl_integration.h>
#include <math.h>
#include <stdio.h>
#include <tensorscope.h>

static double f(double x, void *p) {
  (void)p;
  return x * x;
}

static double integrate(size_t order) {
  gsl_function F = {f, NULL};
  gsl_integration_glfixed_table *t1 = gsl_integration_glfixed_table_alloc(order);
  gsl_integration_glfixed_table *t2 = gsl_integration_glfixed_table_alloc(order);
  double r = gsl_integration_glfixed(&F, 0, 1, t1) + gsl_integration_glfixed(&F, 0, 1, t2);
  gsl_integration_glfixed_table_free(t2);
  gsl_integration_glfixed_table_free(t1);
  return r;
}

int main(void) {
  double sum = 0;
  for (int round = 0; round < 50; round++) {
    TSCOPE_SCOPE { sum += integrate(32) + integrate(7); }
    sum += integrate(64) + integrate(9);
  }
  printf("sum %.6f\n", sum);
  return 0;
}
