#include <stdint.h>
#include <stdio.h>
#include <gsl/gsl_vector.h>
static uintptr_t hidden;
static void make(void) { hidden = (uintptr_t)gsl_vector_alloc(4); }
int main(void)
{
  make();
  gsl_vector *v = (gsl_vector *)hidden;
  gsl_vector_set_all(v, 1.0);
  printf("%g\n", gsl_vector_get(v, 0));
  gsl_vector_free(v);
  return 0;
}
