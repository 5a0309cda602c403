// Correct: tensors made in the cases of a switch and released under later
// tests of the same unchanged value (a second switch, an `if (v == C)`),
// with several cases, fallthrough, no default, a nested switch, an enum.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

/* Three cases, released in the matching cases of a second switch. */
float three(int op, const tensor *a, const tensor *b) {
  tensor *r = NULL;
  switch (op) {
  case 0: r = t_add(a, b); break;
  case 1: r = t_mul(a, b); break;
  case 2: r = t_copy(a); break;
  default: return 0;
  }
  float s = t_sum(r);
  switch (op) {
  case 0: t_free(r); break;
  case 1: t_free(r); break;
  default: t_free(r); break;
  }
  return s;
}

/* Two labels on one case, released under an if on the same values. */
float fallthrough(int op, const tensor *a) {
  tensor *r = NULL;
  switch (op) {
  case 1:
  case 2: r = t_copy(a); break;
  case 3: r = t_ones(3); break;
  }
  float s = r ? t_sum(r) : 0;
  if (op == 1 || op == 2 || op == 3)
    t_free(r);
  return s;
}

/* No default: the way past the switch is every case false. */
float no_default(int op, const tensor *a) {
  tensor *r = NULL;
  switch (op) {
  case 7: r = t_copy(a); break;
  }
  float s = r ? t_sum(r) : 0;
  if (op == 7)
    t_free(r);
  return s;
}

/* Made under an if, released in the matching case. */
float if_then_switch(int k, const tensor *a) {
  tensor *r = NULL;
  if (k == 4)
    r = t_copy(a);
  float s = r ? t_sum(r) : 0;
  switch (k) {
  case 4: t_free(r); break;
  default: break;
  }
  return s;
}

/* A changed selector gives no facts; the NULL test decides. */
float changed_selector(int k, const tensor *a) {
  tensor *r = NULL;
  switch (k) {
  case 1: r = t_copy(a); break;
  default: break;
  }
  k++;
  float s = (float)k;
  if (r) {
    s += t_sum(r);
    t_free(r);
  }
  return s;
}

enum op { OP_ADD, OP_MUL };

/* An enum selector, every case releasing. */
float enum_op(enum op o, const tensor *a, const tensor *b) {
  tensor *r;
  switch (o) {
  case OP_ADD: r = t_add(a, b); break;
  default: r = t_mul(a, b); break;
  }
  float s = t_sum(r);
  switch (o) {
  case OP_ADD: t_free(r); break;
  case OP_MUL: t_free(r); break;
  default: t_free(r); break;
  }
  return s;
}

/* A char selector released on both sides of an if. */
float char_op(char c, const tensor *a, const tensor *b) {
  tensor *r;
  switch (c) {
  case 'a': r = t_add(a, b); break;
  default: r = t_mul(a, b);
  }
  float s = t_sum(r);
  if (c == 'a')
    t_free(r);
  else
    t_free(r);
  return s;
}

/* A nested switch on another value. */
float nested(int x, int y, const tensor *a) {
  tensor *r = NULL;
  switch (x) {
  case 1:
    switch (y) {
    case 2: r = t_copy(a); break;
    default: break;
    }
    break;
  default: break;
  }
  float s = r ? t_sum(r) : 0;
  if (r)
    t_free(r);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *a = t_ones(3), *b = t_ones(3);
  float s = 0;
  for (int op = 0; op < 4; op++)
    s += three(op, a, b) + fallthrough(op, a) + no_default(op + 6, a) +
         if_then_switch(op + 3, a) + changed_selector(op, a) + nested(1, op, a);
  s += enum_op(OP_ADD, a, b) + enum_op(OP_MUL, a, b) + char_op('a', a, b) + char_op('m', a, b);
  t_free(a);
  t_free(b);
  return toy_finish(s > 0 ? 0 : 1);
}
#endif
