// Bug: a scope-owned tensor escapes where the plugin cannot detach it (hidden
// in an integer), so the scope releases it while it is still reachable.
// Correct: stores through any non-local pointer and returns inside a struct
// are detached or kept by the plugin (docs/auto-scope.md), so they are fine.
// RUN: %lint_verify %s
#include <stdint.h>
#include "tensor.h"

struct box {
  tensor *t;
};

struct box *lookup(int key);
uintptr_t stashed;

TSCOPE_AUTO void remember(int key, size_t n) {
  struct box *b = lookup(key);
  b->t = t_ones(n); // detached by the plugin: no warning
}

TSCOPE_AUTO struct box wrap(size_t n) {
  struct box b;
  b.t = t_ones(n);
  return b; // kept (or detached) by the plugin: no warning
}

TSCOPE_AUTO void hide(size_t n) {
  tensor *t = t_ones(n);
  stashed = (uintptr_t)t; // expected-warning {{converted to an integer, which the automatic scope cannot follow}}
}
