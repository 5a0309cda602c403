#include <stdio.h>
#include <gsl/gsl_matrix.h>
gsl_matrix *kept;
int main(void)
{
  gsl_matrix *m = gsl_matrix_alloc(2, 2);
  kept = gsl_matrix_alloc(3, 3);
  gsl_matrix_set_zero(m);
  printf("%g\n", gsl_matrix_get(m, 0, 0));
  return 0;
}
