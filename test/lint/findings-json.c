// findings=PATH appends one JSON object per finding and line.
// RUN: rm -f %t.jsonl
// RUN: not %lint -fplugin-arg-tensorscope-findings=%t.jsonl -fplugin-arg-tensorscope-lint-error=double-release %s 2>/dev/null
// RUN: not %lint -fplugin-arg-tensorscope-findings=%t.jsonl -fplugin-arg-tensorscope-lint-error=double-release %s 2>/dev/null
// RUN: python3 %S/Inputs/check_findings.py %t.jsonl %s
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
