// apis/libc.yaml on a correct program: buffers grown with realloc in a
// loop (the block moves, or stays where it is), reallocarray, realloc of
// NULL, posix_memalign, strdup, streams.  realloc frees its argument only
// when it succeeds (`success: returns_nonnull` on its release): the
// runtime is told after the call, so a block that realloc moved is never
// reported, and the block realloc returns is tracked like any other.
// RUN: env TS_PLUGIN_ARGS=-fplugin-arg-tensorscope-api=%apis/libc.yaml %same_run %s
//
// The failure path: realloc returns NULL and the caller still owns (and
// frees) its block.  No lint warning, no report, the block really freed.
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-api=%apis/libc.yaml -Werror -O1 -g -DFAIL -o %t.fail %s %rtlib
// RUN: env TSCOPE_OPTIONS=verbose=1 %t.fail > %t.fail.out 2> %t.fail.err
// RUN: FileCheck %s --check-prefix=FAIL < %t.fail.err
// FAIL: track [[P:0x[0-9a-f]+]] (generation [[G:[0-9]+]]) at {{.*}}libc-realloc.c:[[#@LINE+34]] in grow_or_give_up (malloc)
// FAIL-NOT: release [[P]] (generation [[G]]) at {{.*}}(realloc)
// FAIL: release [[P]] (generation [[G]]) at {{.*}}libc-realloc.c:[[#@LINE+37]] in grow_or_give_up (free)
// FAIL-NOT: leak report
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int grow(void) {
  size_t cap = 4, n = 0;
  int *xs = malloc(cap * sizeof *xs);
  if (!xs)
    return -1;
  for (int i = 0; i < 100000; i++) {
    if (n == cap) {
      int *bigger = realloc(xs, 2 * cap * sizeof *xs);
      if (!bigger) {
        free(xs);
        return -1;
      }
      xs = bigger;
      cap *= 2;
    }
    xs[n++] = i;
  }
  long sum = 0;
  for (size_t i = 0; i < n; i++)
    sum += xs[i];
  free(xs);
  return (int)(sum % 1000);
}

static int grow_or_give_up(size_t huge) {
  char *p = malloc(16);
  if (!p)
    return -1;
  char *q = realloc(p, huge);
  if (!q) {
    free(p);
    return 1;
  }
  free(q);
  return 0;
}

int main(void) {
#ifdef FAIL
  printf("%d\n", grow_or_give_up(SIZE_MAX / 2));
  return 0;
#endif
  printf("grow %d\n", grow());
  // Shrinking usually keeps the address: release then track again.
  char *s = strdup("a string that will be shortened");
  if (!s)
    return 1;
  char *t = realloc(s, 8);
  if (!t) {
    free(s);
    return 1;
  }
  t[7] = 0;
  printf("%s\n", t);
  free(t);
  double *d = reallocarray(NULL, 16, sizeof *d);
  double *e = realloc(NULL, 32);
  void *aligned = NULL;
  if (posix_memalign(&aligned, 64, 256) == 0)
    memset(aligned, 0, 256);
  free(aligned);
  free(e);
  free(d);
  FILE *f = fopen("/dev/null", "w");
  if (f) {
    fputs("x", f);
    fclose(f);
  }
  printf("grow_or_give_up %d\n", grow_or_give_up(64));
  return 0;
}
