// creates_out with `success: '*$N == 0'` in the lint: the program's own
// check of the int the call wrote says whether the output exists, so the
// failure path owes nothing; forgetting the output on the success path is
// a leak.  Outputs of a count the lint cannot evaluate are not followed.
// RUN: %clang %tscope_plugin -fsyntax-only -fplugin-arg-tensorscope-api=%api_inputs/outarray/blobs.yaml -I%api_inputs/outarray %s -Xclang -verify -Xclang -verify-ignore-unexpected=note
#include "blobs.h"

double one_ok(void) {
  blob *b;
  int err;
  blobs_make(&b, 1, 1.0, &err);
  if (err != 0)
    return -1;
  double v = blob_value(b);
  blob_free(b);
  return v;
}

double one_leak(void) {
  blob *b;
  int err;
  blobs_make(&b, 1, 1.0, &err);
  if (err)
    return -1;
  return blob_value(b); // expected-warning {{the tensor created by 'blobs_make' is never released: it leaks at this return}}
}

double one_array_leak(void) {
  blob *out[1];
  int err;
  blobs_make(out, 1, 1.0, &err);
  if (err == 0)
    return blob_value(out[0]); // expected-warning {{the tensor created by 'blobs_make' is never released: it leaks at this return}}
  return -1;
}

double many_not_followed(int n) {
  blob *out[8];
  int err;
  blobs_make(out, n, 1.0, &err);
  if (err != 0)
    return -1;
  double v = blob_value(out[0]);
  for (int i = 0; i < n; i++)
    blob_free(out[i]);
  return v;
}
