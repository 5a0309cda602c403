#include "blobs.h"
#include <stdlib.h>

struct blob { double value; };
static struct blob not_made = {-1};

void blobs_make(blob **out, int n, double first, int *err) {
  if (first < 0) {
    for (int i = 0; i < n; i++)
      out[i] = &not_made; /* garbage for the caller: not new objects */
    if (err)
      *err = 1;
    return;
  }
  for (int i = 0; i < n; i++) {
    out[i] = malloc(sizeof(struct blob));
    out[i]->value = first + i;
  }
  if (err)
    *err = 0;
}

void blob_free(blob *b) { free(b); }

double blob_value(const blob *b) { return b->value; }
