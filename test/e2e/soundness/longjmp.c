// Scopes left by longjmp (issue 12): every function auto-scoped, errors
// unwound with longjmp as lua does, 2000 times.  The scopes jumped over are
// closed at the next scope end below them, quietly (the plugin made them:
// only a longjmp can leave them open), and nothing is freed twice.
// REQUIRES: gsl
// RUN: env TS_PLUGIN_ARGS="-fplugin-arg-tensorscope-api=%apis/gsl.yaml -fplugin-arg-tensorscope-auto-scope=." %same_run %s -lgsl -lgslcblas -lm
#include <gsl/gsl_vector.h>
#include <setjmp.h>
#include <stdio.h>

static jmp_buf *handler;
static int depth_reached;

static void fail(void) { longjmp(*handler, 1); }

static double inner(int n) {
  gsl_vector *v = gsl_vector_alloc(4);
  gsl_vector_set_all(v, n);
  double x = gsl_vector_get(v, 0);
  gsl_vector_free(v);
  depth_reached++;
  if (n % 3 == 0)
    fail();
  return n > 0 ? x + inner(n - 1) : x;
}

static int protected_call(int n, double *out) {
  jmp_buf here, *saved = handler;
  handler = &here;
  int status = 0;
  if (setjmp(here) == 0)
    *out = inner(n);
  else
    status = 1;
  handler = saved;
  return status;
}

int main(void) {
  int errors = 0;
  double sum = 0, r = 0;
  for (int i = 0; i < 2000; i++) {
    errors += protected_call(i % 10 + 1, &r);
    sum += r;
  }
  printf("errors %d, depth %d, sum %g\n", errors, depth_reached, sum);
  return 0;
}
