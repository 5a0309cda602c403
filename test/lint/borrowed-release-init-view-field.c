// Bug: a same-file init helper stores a tensor and a view of it into two
// fields; the struct's destroy helper releases the view too.  Also found:
// the view read after the destroy released its owner.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: bad-free
#include "tensor.h"

struct kv {
  tensor *buf, *key;
};

static int kv_init(struct kv *e, size_t n) {
  e->buf = t_ones(n);
  if (!e->buf)
    return -1;
  e->key = t_view(e->buf, 1, n / 2);
  if (!e->key) {
    t_free(e->buf);
    return -1;
  }
  return 0;
}

static void kv_fini(struct kv *e) {
  t_free(e->key);
  t_free(e->buf);
}

static void kv_release(struct kv *e) { t_free(e->buf); }

float lookup(size_t n) {
  struct kv e;
  if (kv_init(&e, n))
    return 0;
  float s = t_sum(e.key);
  kv_fini(&e); // expected-warning {{releasing the view 'kv_init' stores in field 'key', which belongs to the tensor it was taken from: never release a view}}
  return s;
}

float stale(size_t n) {
  struct kv e;
  if (kv_init(&e, n))
    return 0;
  kv_release(&e);
  return t_sum(e.key); // expected-warning {{the view 'kv_init' stores in field 'key' is passed to 't_sum' after the tensor it belongs to was released}}
}

float fine(size_t n) {
  struct kv e;
  if (kv_init(&e, n))
    return 0;
  float s = t_sum(e.key);
  kv_release(&e);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  lookup(4);
  return toy_finish(0);
}
#endif
