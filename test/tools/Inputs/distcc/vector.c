/* GSL's doc/examples/vector.c with the gsl_vector_free dropped: the vector
 * leaks.  Built through distcc by test/tools/distcc.test. */
#include <stdio.h>
#include <gsl/gsl_vector.h>

double matrix_trace (size_t n);

int
main (void)
{
  int i;
  gsl_vector * v = gsl_vector_alloc (3);

  for (i = 0; i < 3; i++)
    {
      gsl_vector_set (v, i, 1.23 + i);
    }

  for (i = 0; i < 3; i++)
    {
      printf ("v_%d = %g\n", i, gsl_vector_get (v, i));
    }

  printf ("trace = %g\n", matrix_trace (3));
  return 0;
}
