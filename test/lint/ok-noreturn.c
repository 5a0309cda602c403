// Correct: paths that end in exit(), abort() or a noreturn function end
// the program; the lint does not report tensors alive there.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

__attribute__((noreturn)) void die(const char *why);

float careful(size_t n) {
  tensor *a = t_zeros(n);
  if (!a)
    abort();
  tensor *b = t_ones(n);
  if (!b)
    die("out of memory");
  float s = t_sum(a) + t_sum(b);
  if (s < 0)
    exit(2);
  t_free(a);
  t_free(b);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
void die(const char *why) { (void)why; abort(); }
int main(void) { return toy_finish(careful(3) == 3 ? 0 : 1); }
#endif
