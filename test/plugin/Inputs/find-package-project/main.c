#include <gsl/gsl_matrix.h>
#include <stdio.h>

int main(void) {
  gsl_matrix *kept = gsl_matrix_alloc(2, 2);
  gsl_matrix_set_all(kept, 1.0);
  printf("sum=%g\n", gsl_matrix_get(kept, 0, 0) + gsl_matrix_get(kept, 1, 1));
  return 0; /* kept leaks: the lint warns, the runtime reports it at exit */
}
