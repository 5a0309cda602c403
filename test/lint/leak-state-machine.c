// Bug: in a state machine, a state makes a tensor and leaves the function
// on an error in the same state without releasing it; another state leaks
// a per-record tensor it made itself. Leaks within one state (one
// iteration) are found although the lint does not follow the order of
// the states.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

enum state { S_LOAD, S_USE, S_DONE };

float machine(size_t n, float limit, int rounds) {
  enum state st = S_LOAD;
  tensor *cur = NULL;
  float total = 0;
  while (st != S_DONE) {
    switch (st) {
    case S_LOAD:
      cur = t_ones(n); // expected-note {{tensor created here by 't_ones'}}
      if (!cur)
        return -1;
      if (t_sum(cur) > limit)
        return -2; // expected-warning {{the tensor created by 't_ones' is never released: it leaks at this return}}
      st = S_USE;
      break;
    case S_USE: {
      tensor *sq = t_mul(cur, cur); // expected-note {{tensor created here by 't_mul'}}
      total += sq ? t_sum(sq) : 0;
      t_free(cur);
      cur = NULL;
      st = --rounds > 0 ? S_LOAD : S_DONE;
      break; // expected-warning {{the tensor created by 't_mul' leaks: 'sq' goes out of scope while it still holds it; leaked when the condition at leak-state-machine.c:29 is true}}
    }
    default:
      st = S_DONE;
      break;
    }
  }
  return total;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(machine(3, 2, 1) == -2 ? 0 : 1); }
#endif
