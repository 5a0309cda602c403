/* toy_tensor.c -- a real implementation of the toy API of tensor.h, so the
 * corpus programs can be run under AddressSanitizer (asan_run.py): what the
 * lint says about a program is then checked against what happens when it
 * runs.  Built without the plugin (this is the library, not the code under
 * test).
 *
 * Layout, chosen so ASan sees each kind of bug:
 *  - a tensor is one malloc'd block (header and data), so a second t_free
 *    is a double-free and a leak is one lost block;
 *  - a view is a header in a static pool pointing into its owner's data,
 *    so releasing a view is a free of an address that malloc never
 *    returned, and using a view after its owner was released is a
 *    heap-use-after-free; a view from out of range is NULL;
 *  - tlist_push consumes: the toy list is a sink that frees the tensor at
 *    once (a consumer may free what it is given at any time), so a use
 *    after passing a tensor to it is a heap-use-after-free;
 *  - t_retain counts references in a table of its own (t_free must not
 *    read a block that may be freed already): t_free frees at the last;
 *  - a size of TOY_FAIL makes the creates fail (NULL, or t_make returns -1),
 *    so programs can take their error paths. */
#include "tensor.h"
#include "toy_run.h"

#include <stdio.h>
#include <string.h>

/* Extra references taken with t_retain (few in any test program). */
static struct {
  tensor *t;
  int extra;
} retained[64];

static int *extra_refs(tensor *t, int add) {
  for (size_t i = 0; i < sizeof retained / sizeof retained[0]; i++)
    if (retained[i].t == t || (add && !retained[i].t)) {
      retained[i].t = t;
      return &retained[i].extra;
    }
  if (add)
    abort();
  return NULL;
}

static tensor *make(size_t n) {
  if (n == TOY_FAIL)
    return NULL;
  tensor *t = (tensor *)malloc(sizeof(tensor) + (n ? n : 1) * sizeof(float));
  if (!t)
    abort();
  t->n = n;
  t->data = (float *)(t + 1);
  memset(t->data, 0, (n ? n : 1) * sizeof(float));
  return t;
}

void t_free(tensor *t) {
  if (!t)
    return;
  int *extra = extra_refs(t, 0);
  if (extra && *extra > 0)
    --*extra;
  else
    free(t);
}

tensor *t_zeros(size_t n) { return make(n); }

tensor *t_ones(size_t n) {
  tensor *t = make(n);
  for (size_t i = 0; t && i < n; i++)
    t->data[i] = 1;
  return t;
}

tensor *t_copy(const tensor *a) {
  tensor *t = make(a->n);
  if (t)
    memcpy(t->data, a->data, a->n * sizeof(float));
  return t;
}

tensor *t_add(const tensor *a, const tensor *b) {
  tensor *t = make(a->n);
  for (size_t i = 0; t && i < a->n && i < b->n; i++)
    t->data[i] = a->data[i] + b->data[i];
  return t;
}

tensor *t_mul(const tensor *a, const tensor *b) {
  tensor *t = make(a->n);
  for (size_t i = 0; t && i < a->n && i < b->n; i++)
    t->data[i] = a->data[i] * b->data[i];
  return t;
}

tensor *t_zeros_or_die(size_t n) {
  tensor *t = make(n);
  if (!t)
    abort();
  return t;
}

int t_make(size_t n, tensor **out) {
  tensor *t = make(n);
  if (!t)
    return -1;
  *out = t;
  return 0;
}

tensor *t_view(tensor *a, size_t from, size_t n) {
  if (from >= a->n)
    return NULL; /* out of range */
  static tensor views[64];
  static size_t next;
  tensor *v = &views[next++ % 64];
  v->data = a->data + from;
  v->n = n;
  return v;
}

struct tlist {
  size_t pushed;
};

void tlist_push(tlist *l, tensor *t) {
  l->pushed++;
  t_free(t);
}

tlist *toy_list(void) {
  static tlist list;
  return &list;
}

tensor *t_retain(tensor *t) {
  if (t)
    ++*extra_refs(t, 1);
  return t;
}

tensor *t_detach(tensor *t) { return t; }

float t_sum(const tensor *a) {
  float s = 0;
  for (size_t i = 0; i < a->n; i++)
    s += a->data[i];
  return s;
}

void t_print(const tensor *a) {
  volatile float s = t_sum(a); /* reads every element: a use ASan sees */
  (void)s;
}

void t_scale_inplace(tensor *a, float by) {
  for (size_t i = 0; i < a->n; i++)
    a->data[i] *= by;
}

void t_apply(tensor *a, float (*fn)(float)) {
  for (size_t i = 0; i < a->n; i++)
    a->data[i] = fn(a->data[i]);
}

void for_each(tensor **ts, size_t n, void (*fn)(tensor *)) {
  for (size_t i = 0; i < n; i++)
    fn(ts[i]);
}

int toy_finish(int status) {
  volatile char scrub[1 << 16];
  memset((char *)scrub, 0, sizeof scrub);
  return status;
}
