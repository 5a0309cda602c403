// findings=- prints each finding's JSON line on stderr behind
// "tensorscope-finding: " (what a distcc server sends back to tscope-lint
// --distribute), the same objects findings=PATH writes to a file.
// RUN: rm -f %t.jsonl
// RUN: not %lint -fplugin-arg-tensorscope-findings=%t.jsonl -fplugin-arg-tensorscope-lint-error=double-release %s 2>/dev/null
// RUN: not %lint -fplugin-arg-tensorscope-findings=- -fplugin-arg-tensorscope-lint-error=double-release %s 2> %t.err
// RUN: FileCheck %s --input-file %t.err
// RUN: sed -n 's/^tensorscope-finding: //p' %t.err > %t.stderr.jsonl
// RUN: diff %t.jsonl %t.stderr.jsonl
// The diagnostics are printed as usual beside the lines.
// CHECK-DAG: findings-stderr.c:20:1: warning: the tensor created by 't_ones' is never released
// CHECK-DAG: findings-stderr.c:25:10: error: the tensor created by 't_zeros_or_die' is released twice
// CHECK-DAG: {{^}}tensorscope-finding: {"column":1,"file":"{{[^"]*}}findings-stderr.c","fixes":1,"function":"f","level":"warning","line":20,"message":"the tensor created by 't_ones' is never released{{.*}}"rule":"tscope-leak"}{{$}}
// CHECK-DAG: {{^}}tensorscope-finding: {"column":10,"file":"{{[^"]*}}findings-stderr.c",{{.*}}"level":"error","line":25,{{.*}}"rule":"tscope-double-release"}{{$}}
#include "tensor.h"

void f(size_t n) {
  tensor *t = t_ones(n);
  t_print(t);
}

void g(size_t n) {
  tensor *t = t_zeros_or_die(n);
  t_free(t);
  t_free(t);
}
