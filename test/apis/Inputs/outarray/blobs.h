/* A small test API whose create reports success in an int out-parameter
 * and writes a caller-chosen number of new objects into an array (the
 * shape of `success: '*$N == V'` with `count:`). */
#ifndef TSCOPE_TEST_BLOBS_H
#define TSCOPE_TEST_BLOBS_H

typedef struct blob blob;

/* Writes n new blobs (values first, first+1, ...) into out[0..n) and sets
 * *err to 0; with first < 0 it fails: *err = 1, and out[] is filled with
 * pointers to a static blob that must not be freed.  err may be NULL. */
void blobs_make(blob **out, int n, double first, int *err);
void blob_free(blob *b);
double blob_value(const blob *b);

#endif
