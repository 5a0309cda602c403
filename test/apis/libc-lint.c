// apis/libc.yaml in the lint: malloc'd buffers and streams are tracked like
// tensors; realloc's argument is given up at the call (released only on
// success), what realloc returns is a new block to free.
// RUN: %clang %tscope_plugin -fsyntax-only -fplugin-arg-tensorscope-api=%apis/libc.yaml \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int early_return(size_t n) {
  char *buf = malloc(n);
  if (!buf)
    return -1;
  if (n > 10)
    return 1; // expected-warning {{the tensor created by 'malloc' is never released: it leaks at this return}}
  memset(buf, 0, n);
  free(buf);
  return 0;
}

int stream_left_open(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f)
    return -1;
  int c = fgetc(f);
  if (c == EOF)
    return 0; // expected-warning {{the tensor created by 'fopen' is never released: it leaks at this return}}
  fclose(f);
  return c;
}

void double_free(void) {
  char *s = strdup("x");
  free(s);
  free(s); // expected-warning {{released twice}}
}

// Correct: the failure branch frees the old block; the new one is freed.
int grow(char **out, size_t n) {
  char *p = malloc(4);
  if (!p)
    return -1;
  char *q = realloc(p, n);
  if (!q) {
    free(p);
    return -1;
  }
  *out = q;
  return 0;
}

// A leak of what realloc returned is still found.
int grow_and_drop(size_t n) {
  char *p = malloc(4);
  if (!p)
    return -1;
  char *q = realloc(p, n);
  if (!q) {
    free(p);
    return -1;
  }
  q[0] = 1;
  return 0; // expected-warning {{the tensor created by 'realloc' is never released: it leaks at this return}}
}
