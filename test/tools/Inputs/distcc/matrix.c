/* Shaped like GSL's doc/examples/matrix.c: a matrix is filled and read,
 * and never freed.  The second translation unit of test/tools/distcc.test. */
#include <gsl/gsl_matrix.h>

double
matrix_trace (size_t n)
{
  size_t i, j;
  double t = 0;
  gsl_matrix * m = gsl_matrix_alloc (n, n);

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      gsl_matrix_set (m, i, j, 0.23 + 100*i + j);

  for (i = 0; i < n; i++)
    t += gsl_matrix_get (m, i, i);

  return t;
}
