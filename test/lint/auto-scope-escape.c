// Bug: a scope-owned tensor escapes where the plugin cannot detach it: the
// scope releases it while it is still reachable.
// RUN: %lint_verify %s
#include "tensor.h"

struct box {
  tensor *t;
};

struct box *lookup(int key);

TSCOPE_AUTO void remember(int key, size_t n) {
  struct box *b = lookup(key);
  b->t = t_ones(n); // expected-warning {{belongs to the automatic scope of 'remember' but is stored through a pointer that is neither a parameter nor a global}}
}

TSCOPE_AUTO struct box wrap(size_t n) {
  struct box b;
  b.t = t_ones(n);
  return b; // expected-warning {{returned inside a struct}}
}
