/* A plain C program: no tensor API. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int cmp(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}
int main(void) {
  int n = 1000;
  int *v = malloc(sizeof *v * n);
  unsigned s = 12345;
  for (int i = 0; i < n; i++) { s = s * 1103515245u + 12345u; v[i] = (int)(s >> 8) % 10007; }
  qsort(v, n, sizeof *v, cmp);
  long sum = 0;
  for (int i = 0; i < n; i += 37) sum += v[i] * (long)i;
  printf("min=%d max=%d sum=%ld\n", v[0], v[n - 1], sum);
  char buf[64];
  snprintf(buf, sizeof buf, "%s-%d", "sorted", n);
  printf("%s len=%zu\n", buf, strlen(buf));
  free(v);
  return 0;
}
