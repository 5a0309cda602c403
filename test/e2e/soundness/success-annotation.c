// TSCOPE_SUCCESS on a correct program: an out-parameter create annotated
// in its header as succeeding when it returns 0, whose failures leave
// something that is not a new object in *out (here the address of a
// static placeholder, which a caller must not touch after a failure).
// Built with the plugin (plain and under ASan, -O0 and -O2) it behaves as
// built with clang, with no TensorScope report: *out is tracked only after
// a successful call.
// RUN: %same_run %s
//
// Without TSCOPE_SUCCESS the create counts on every call, and the runtime
// takes the placeholder for a new object, which then shows as alive at
// exit: the annotation is what makes the difference.
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -DNO_SUCCESS -O1 -o %t.nosuccess %s %rtlib
// RUN: %t.nosuccess 2> %t.nosuccess.err
// RUN: FileCheck %s --check-prefix=NOSUCCESS < %t.nosuccess.err
// NOSUCCESS: TensorScope: leak report
#include <stdio.h>
#include <stdlib.h>
#include <tensorscope.h>

#ifdef NO_SUCCESS
#undef TSCOPE_SUCCESS
#define TSCOPE_SUCCESS(when)
#endif

typedef struct buf {
  int n;
  double *data;
} buf;

void buf_free(buf *b) TSCOPE_RELEASES(1);
int buf_load(int n, buf **out) TSCOPE_CREATES_OUT(2) TSCOPE_SUCCESS(returns_zero)
    TSCOPE_RELEASED_BY(buf_free);

static buf placeholder; /* what a failed load leaves in *out */

int buf_load(int n, buf **out) {
  *out = &placeholder;
  if (n <= 0)
    return -1;
  buf *b = malloc(sizeof *b);
  if (!b)
    return -1;
  b->n = n;
  b->data = calloc((size_t)n, sizeof *b->data);
  if (!b->data) {
    free(b);
    return -1;
  }
  for (int i = 0; i < n; i++)
    b->data[i] = i;
  *out = b;
  return 0;
}

void buf_free(buf *b) {
  if (b) {
    free(b->data);
    free(b);
  }
}

int main(void) {
  double total = 0;
  int failed = 0;
  for (int i = -3; i < 8; i++) {
    buf *b;
    if (buf_load(i, &b) != 0) {
      failed++;
      continue;
    }
    for (int k = 0; k < b->n; k++)
      total += b->data[k];
    buf_free(b);
  }
  printf("total %.1f, %d failed loads\n", total, failed);
  return 0;
}
