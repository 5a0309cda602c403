// Bug: one tensor leaks at four exits: one finding, at the first, with the
// others named (not one warning per return), and a fix-it for every exit.
// RUN: %lint_verify %s
// RUN: %lint -fdiagnostics-parseable-fixits %s 2>&1 | FileCheck %s
#include "tensor.h"
int more(int);

void steps(size_t n, float *out) {
  tensor *t = t_zeros_or_die(n);
  *out = t_sum(t);
  if (more(1))
    return; // expected-warning-re {{the tensor created by 't_zeros_or_die' is never released: it leaks at this return, and at 3 more exits: the return at leak-many-exits.c:{{[0-9]+}}, the return at leak-many-exits.c:{{[0-9]+}} and the end of 'steps'}}
  if (more(2))
    return;
  *out += t_sum(t);
  if (more(3))
    return;
  *out += 1;
}
// CHECK: leak-many-exits.c:12:5: warning: the tensor created by 't_zeros_or_die' is never released: it leaks at this return, and at 3 more exits: the return at leak-many-exits.c:14, the return at leak-many-exits.c:17 and the end of 'steps' [-Wtscope-leak]
// CHECK-COUNT-7: fix-it:"{{.*}}leak-many-exits.c"
// CHECK: leak-many-exits.c:14:5: note: it leaks here too
// CHECK-NOT: warning:
