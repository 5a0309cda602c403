// Automatic scopes keep correct programs correct: returned tensors survive
// (through nested auto-scoped calls and recursion), non-tensor pointers pass
// through end_keep untouched, tensors saved in outer variables, in the heap,
// in globals or through out-parameters survive, and loops made with goto,
// switch/continue/break, and early returns release their iterations'
// tensors.  The values equal the uninstrumented program's, the library's
// live counts show what the scopes released, and the runtime reports
// nothing (exitcode=9 would fail the run on a leak).
// RUN: %clang -c -o %t.lib.o %S/Inputs/tensorlib.c
// RUN: %clang -I%S/Inputs -O1 -o %t.plain %s %t.lib.o %rtlib
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -I%S/Inputs -O0 -o %t.o0 %s %t.lib.o %rtlib
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -I%S/Inputs -O2 -o %t.o2 %s %t.lib.o %rtlib
// RUN: env TSCOPE_OPTIONS=report=0 %t.plain > %t.plain.out
// RUN: env TSCOPE_OPTIONS=exitcode=9 %t.o0 > %t.o0.out 2> %t.o0.err
// RUN: env TSCOPE_OPTIONS=exitcode=9 %t.o2 > %t.o2.out 2> %t.o2.err
// The values match the plain build's (whose live counts grow: it leaks).
// RUN: sed 's/ live [0-9]*//' %t.plain.out > %t.plain.values
// RUN: sed 's/ live [0-9]*//' %t.o0.out > %t.o0.values
// RUN: sed 's/ live [0-9]*//' %t.o2.out > %t.o2.values
// RUN: diff %t.plain.values %t.o0.values
// RUN: diff %t.plain.values %t.o2.values
// RUN: FileCheck %s < %t.o2.out
// RUN: not grep TensorScope %t.o0.err %t.o2.err
// RUN: FileCheck %s < %t.o0.out
// With the lint on (the default) it infers that inner() and outer() create
// tensors; those inferred roles must not hide their own creations from
// their scopes (the tensors inside would leak, untracked).
// RUN: %clang %tscope_plugin -I%S/Inputs -O1 -o %t.lint %s %t.lib.o %rtlib 2> %t.lint.build
// RUN: env TSCOPE_OPTIONS=exitcode=9 %t.lint > %t.lint.out 2> %t.lint.err
// RUN: sed 's/ live [0-9]*//' %t.lint.out > %t.lint.values
// RUN: diff %t.plain.values %t.lint.values
// RUN: not grep TensorScope %t.lint.err
// RUN: FileCheck %s < %t.lint.out
#include "tensorlib.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static tensor *saved_global;
struct model { tensor *w; };

TSCOPE_AUTO static tensor *inner(double v) {
  tensor *tmp = tensor_new(4, v);
  tensor *r = tensor_scale(tmp, 2.0);
  return r;
}

TSCOPE_AUTO static tensor *outer(double v) {
  tensor *a = inner(v);        // kept by inner's scope end, lands in ours
  tensor *b = tensor_scale(a, 0.5);
  return b;                    // a is released here, b is kept
}

TSCOPE_AUTO static tensor *rec(int depth) {
  if (depth == 0)
    return tensor_new(2, 1.0);
  tensor *below = rec(depth - 1);
  return tensor_scale(below, 2.0);
}

TSCOPE_AUTO static char *name_of(int i) {
  char *s = malloc(16);        // not a tensor: end_keep leaves it alone
  snprintf(s, 16, "item-%d", i);
  return s;
}

TSCOPE_AUTO static tensor *maybe(int ok) {
  if (!ok)
    return NULL;
  return tensor_new(1, 3.0);
}

TSCOPE_AUTO static void save(struct model *m, tensor **out) {
  m->w = tensor_new(3, 1.5);   // into a caller's struct: detached
  *out = tensor_new(3, 2.5);   // through an out-parameter: detached
  saved_global = tensor_new(3, 3.5); // into a global: detached
  tensor_new(3, 9.0);          // dropped: released at the end
}

TSCOPE_AUTO_LOOPS static double loops(int n) {
  double total = 0;
  tensor *best = NULL;
  for (int i = 0; i < n; i++) {
    tensor *t = tensor_new(2, i);
    switch (i % 4) {
    case 0:
      continue;                // t released by the iteration's scope
    case 1:
      if (best)
        tensor_free(best);
      best = tensor_scale(t, 1.0); // adopted by the function scope
      break;
    default:
      total += tensor_sum(t);
      break;
    }
    if (i == n - 1)
      break;
  }
  int k = 0;
again:                         // a loop made with goto
  {
    tensor *g = tensor_new(1, k);
    total += tensor_sum(g);
  }
  if (++k < 3)
    goto again;
  total += best ? tensor_sum(best) : 0;
  tensor_free(best);
  return total;
}

TSCOPE_AUTO_LOOPS static tensor *first_big(int n) {
  tensor *found = NULL;
  for (int i = 0; i < n; i++) {
    tensor *t = tensor_new(1, i);
    if (tensor_sum(t) > 5) {
      found = t;               // declared outside: adopted, survives break
      break;
    }
  }
  return found;
}

int main(void) {
  tensor *o = outer(1.0);
  // CHECK: outer 4 live 1
  printf("outer %g live %ld\n", tensor_sum(o), tensorlib_live());
  tensor *r = rec(5);
  // CHECK: rec 64 live 2
  printf("rec %g live %ld\n", tensor_sum(r), tensorlib_live());
  char *s = name_of(7);
  // CHECK: name item-7
  printf("name %s\n", s);
  free(s);
  tensor *none = maybe(0), *one = maybe(1);
  // CHECK: maybe 0 3 live 3
  printf("maybe %d %g live %ld\n", none != NULL, tensor_sum(one), tensorlib_live());
  struct model m;
  tensor *out;
  save(&m, &out);
  // CHECK: saved 4.5 7.5 10.5 live 6
  printf("saved %g %g %g live %ld\n", tensor_sum(m.w), tensor_sum(out),
         tensor_sum(saved_global), tensorlib_live());
  // CHECK: loops 57 live 6
  printf("loops %g live %ld\n", loops(10), tensorlib_live());
  tensor *big = first_big(10);
  // CHECK: first_big 6 live 7
  printf("first_big %g live %ld\n", tensor_sum(big), tensorlib_live());
  tensor_free(big);
  tensor_free(o);
  tensor_free(r);
  tensor_free(one);
  tensor_free(m.w);
  tensor_free(out);
  tensor_free(saved_global);
  // CHECK: end live 0
  printf("end live %ld\n", tensorlib_live());
  return 0;
}
