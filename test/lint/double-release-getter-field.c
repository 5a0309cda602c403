// Bug: a same-file getter returns the tensor a struct's field holds (still
// the struct's); the caller releases the result and then the field.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

struct cache {
  tensor *v;
  size_t hits;
};

static tensor *cache_get(struct cache *c) {
  if (!c->v)
    return NULL;
  return c->v;
}

float lookup(size_t n) {
  struct cache c;
  c.v = t_ones(n);
  c.hits = 0;
  if (!c.v)
    return 0;
  tensor *v = cache_get(&c);
  float s = t_sum(v);
  t_free(v);
  t_free(c.v); // expected-warning {{the tensor created by 't_ones' is released twice}}
  return s;
}

// Correct: the result is only read, and the field released once.
float peek(size_t n) {
  struct cache c;
  c.v = t_ones(n);
  if (!c.v)
    return 0;
  tensor *v = cache_get(&c);
  float s = v ? t_sum(v) : 0;
  t_free(c.v);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  peek(2);
  lookup(2);
  return toy_finish(0);
}
#endif
