/* Floating point and a static table: no tensor API. */
#include <math.h>
#include <stdio.h>
static const double table[] = {0.5, 1.25, -3.0, 1e-3, 42.0};
int main(int argc, char **argv) {
  double acc = 0;
  for (unsigned i = 0; i < sizeof table / sizeof *table; i++)
    acc += sin(table[i]) * exp(-fabs(table[i]));
  printf("acc=%.17g argc=%d arg0-set=%d\n", acc, argc, argv[0] != 0);
  return 0;
}
