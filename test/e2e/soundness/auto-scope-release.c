// An automatic-scope function that releases what it made by hand, as code
// written before the scope was added does.  Built with the plugin (plain
// and under ASan, -O0 and -O2) it behaves as built with clang, with no
// TensorScope report: the instrumented release tells the runtime, and the
// scope's end skips the tensor instead of releasing it a second time.
// RUN: %same_run %s
#include <stdio.h>
#include <stdlib.h>
#include <tensorscope.h>

typedef struct buf {
  int n;
  double *data;
} buf;

TSCOPE_RELEASES(1) void buf_free(buf *b);
TSCOPE_CREATES TSCOPE_RELEASED_BY(buf_free) buf *buf_new(int n);

buf *buf_new(int n) {
  buf *b = malloc(sizeof *b);
  if (!b)
    return NULL;
  b->n = n;
  b->data = calloc((size_t)n, sizeof *b->data);
  if (!b->data) {
    free(b);
    return NULL;
  }
  for (int i = 0; i < n; i++)
    b->data[i] = i + 1;
  return b;
}

void buf_free(buf *b) {
  if (!b)
    return;
  free(b->data);
  free(b);
}

TSCOPE_AUTO double step(int n) {
  buf *a = buf_new(n);
  buf *b = buf_new(n + 1);
  if (!a || !b) {
    buf_free(a);
    buf_free(b);
    return -1;
  }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a->data[i] * b->data[i];
  buf_free(b);
  buf_free(a);
  return s;
}

int main(void) {
  double total = 0;
  for (int i = 1; i <= 200; i++)
    total += step(i % 17 + 1);
  printf("%.1f\n", total);
  return 0;
}
