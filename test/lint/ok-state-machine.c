// Correct: state machines (a loop around a `switch` on a state variable)
// that make a tensor in one state and release it in a later one, which
// always runs before the making state comes round again; the next state
// may be a pick (`st = cur ? SCALE : FAIL;`). The lint does not follow the
// order of the states, so it stops following such a tensor on the way
// back to the loop's head. None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

void two_states(size_t n) {
  int st = 0;
  tensor *cur = NULL;
  while (st != 2) {
    switch (st) {
    case 0:
      cur = t_zeros_or_die(n);
      st = 1;
      break;
    case 1:
      t_free(cur);
      st = 2;
      break;
    }
  }
}

enum state { S_LOAD, S_SCALE, S_EMIT, S_FAIL, S_DONE };

float run_machine(size_t n, int rounds) {
  enum state st = S_LOAD;
  tensor *cur = NULL;
  float total = 0;
  int done = 0;
  for (;;) {
    switch (st) {
    case S_LOAD:
      if (done == rounds) {
        st = S_DONE;
        break;
      }
      cur = t_ones(n);
      st = cur ? S_SCALE : S_FAIL;
      break;
    case S_SCALE:
      t_scale_inplace(cur, 2.0f);
      st = S_EMIT;
      break;
    case S_EMIT:
      total += t_sum(cur);
      t_free(cur);
      cur = NULL;
      done++;
      st = S_LOAD;
      break;
    case S_FAIL:
      t_free(cur);
      return -1;
    case S_DONE:
      return total;
    }
  }
}

/* The header lives across states; each record's tensor within one. */
enum rstate { R_HEADER, R_BODY, R_TRAILER, R_END };

float read_records(size_t hn, const size_t *body, int nbody) {
  enum rstate st = R_HEADER;
  tensor *hdr = NULL;
  float s = 0;
  int i = 0;
  while (st != R_END) {
    if (st == R_HEADER) {
      hdr = t_ones(hn);
      if (!hdr)
        return -1;
      st = R_BODY;
    } else if (st == R_BODY) {
      if (i == nbody) {
        st = R_TRAILER;
        continue;
      }
      tensor *rec = t_zeros(body[i++]);
      if (!rec) {
        st = R_TRAILER;
        s = -2;
        continue;
      }
      s += t_sum(rec) + t_sum(hdr);
      t_free(rec);
    } else {
      t_free(hdr);
      hdr = NULL;
      st = R_END;
    }
  }
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  two_states(3);
  int ok = run_machine(2, 3) == 12 && run_machine(TOY_FAIL, 2) == -1 && run_machine(2, 0) == 0;
  size_t ok_body[2] = {1, 2}, bad_body[2] = {1, TOY_FAIL};
  ok = ok && read_records(2, ok_body, 2) == 4 && read_records(2, bad_body, 2) == -2 &&
       read_records(TOY_FAIL, ok_body, 2) == -1;
  return toy_finish(ok ? 0 : 1);
}
#endif
