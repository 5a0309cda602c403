// The training-loop story with a plain tensor library: every step creates a
// `grad * lr` intermediate and never frees it.  Instrumented without
// auto-scope the live count grows with the steps; with TSCOPE_AUTO_LOOPS
// (or auto-scope= on the step function) it stays flat over 10^5 steps, and
// the result is bit-identical to the uninstrumented program.
// RUN: %clang -c -o %t.lib.o %S/Inputs/tensorlib.c
// RUN: %clang -I%S/Inputs -O2 -o %t.plain %s %t.lib.o %rtlib
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -I%S/Inputs -O2 -o %t.leaky %s %t.lib.o %rtlib
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -DAUTO_LOOPS -I%S/Inputs -O2 -o %t.loops %s %t.lib.o %rtlib
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 '-fplugin-arg-tensorscope-auto-scope=^step$' -I%S/Inputs -O0 -o %t.byname %s %t.lib.o %rtlib
// RUN: env TSCOPE_OPTIONS=report=0 %t.plain > %t.plain.out
// RUN: env TSCOPE_OPTIONS=report=0 %t.leaky > %t.leaky.out
// RUN: env TSCOPE_OPTIONS=report=0 %t.loops > %t.loops.out
// RUN: env TSCOPE_OPTIONS=report=0 %t.byname > %t.byname.out
// RUN: FileCheck %s --check-prefix=LEAKY < %t.leaky.out
// RUN: FileCheck %s --check-prefix=LOOPS < %t.loops.out
// RUN: FileCheck %s --check-prefix=BYNAME < %t.byname.out
// Same weights, to the last bit (printed as hex floats).
// RUN: grep '^w =' %t.plain.out > %t.w.plain
// RUN: grep '^w =' %t.loops.out > %t.w.loops
// RUN: grep '^w =' %t.byname.out > %t.w.byname
// RUN: diff %t.w.plain %t.w.loops
// RUN: diff %t.w.plain %t.w.byname
#include "tensorlib.h"
#include <stdio.h>

#define STEPS 100000

// One step of gradient descent on sum(w) toward a target: the gradient and
// `grad * lr` are new tensors, never freed.
static void step(tensor *w, double lr) {
  tensor *grad = tensor_new(w->n, tensor_sum(w) - 1.0);
  tensor *update = tensor_scale(grad, lr);
  tensor_sub_inplace(w, update);
}

#ifdef AUTO_LOOPS
TSCOPE_AUTO_LOOPS
#endif
static void train(tensor *w) {
  for (long s = 1; s <= STEPS; s++) {
    step(w, 0.01);
    if (s % 25000 == 0)
      printf("step %ld: live tensors %zu\n", s, tscope_live_count());
  }
}

// LEAKY: step 25000: live tensors 50001
// LEAKY: step 100000: live tensors 200001
// Loop scopes: `w` plus the current iteration's two intermediates.
// LOOPS: step 25000: live tensors 3{{$}}
// LOOPS: step 50000: live tensors 3{{$}}
// LOOPS: step 75000: live tensors 3{{$}}
// LOOPS: step 100000: live tensors 3{{$}}
// Scope on step(): its intermediates die when it returns.
// BYNAME: step 25000: live tensors 1{{$}}
// BYNAME: step 50000: live tensors 1{{$}}
// BYNAME: step 75000: live tensors 1{{$}}
// BYNAME: step 100000: live tensors 1{{$}}
int main(void) {
  tensor *w = tensor_new(8, 0.5);
  train(w);
  printf("w = %a %a\n", w->data[0], w->data[7]);
  tensor_free(w);
  return 0;
}
