// Bug: an inner block releases the tensor it used; the outer block, which
// made it, still reads it after the inner block closed.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: use-after-free
#include "tensor.h"

float f(size_t n, int verbose) {
  tensor *t = t_zeros_or_die(n);
  {
    tensor *u = t;
    t_scale_inplace(u, 3);
    {
      if (verbose)
        t_print(u);
      t_free(u);
    }
  }
  return t_sum(t); // expected-warning {{the tensor created by 't_zeros_or_die' is passed to 't_sum' after it was released}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3, 1); return toy_finish(0); }
#endif
