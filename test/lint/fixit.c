// A fix-it inserts the release call where the fix is mechanical.
// RUN: %lint -fdiagnostics-parseable-fixits %s 2>&1 | FileCheck %s
#include "tensor.h"

float total(size_t n) {
  tensor *t = t_ones(n);
  if (!t)
    return 0;
  float s = t_sum(t);
  return s;
  // CHECK: fixit.c:10:3: warning: the tensor created by 't_ones' is never released: it leaks at this return [-Wtscope-leak]
  // CHECK: fix-it:"{{.*}}fixit.c":{10:3-10:3}:"t_free(t); "
}

void show(size_t n) {
  tensor *t = t_zeros_or_die(n);
  t_print(t);
  // CHECK: fixit.c:[[@LINE+2]]:1: warning: {{.*}}leaks at the end of 'show'
  // CHECK: fix-it:"{{.*}}fixit.c":{[[@LINE+1]]:1-[[@LINE+1]]:1}:"t_free(t);\n"
}
