#include <stdio.h>
#include <tensorscope.h>
double util_norm(const double *v, int n);
int main(void) {
  double v[3] = {3, 4, 12};
  printf("norm=%g tensorscope=%d.%d\n", util_norm(v, 3), TSCOPE_VERSION_MAJOR,
         TSCOPE_VERSION_MINOR);
  return 0;
}
