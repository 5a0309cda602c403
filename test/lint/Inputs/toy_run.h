/* toy_run.h -- what the `main` of a corpus program (under #ifdef
 * LINT_MAIN, compiled only by asan_run.py) needs from toy_tensor.c besides
 * tensor.h. */
#ifndef LINT_TOY_RUN_H
#define LINT_TOY_RUN_H

#include "tensor.h"

/* A size the creates fail on: t_zeros(TOY_FAIL) returns NULL, t_make
 * returns -1, t_zeros_or_die aborts. */
#define TOY_FAIL ((size_t)1000003)

/* The list tlist_push puts tensors in (it frees each at once). */
tlist *toy_list(void);

/* Returns `status` after clearing the stack below the caller: a pointer
 * left in a dead frame of a returned function would hide a leak from
 * LeakSanitizer (it scans the stack at exit).  main ends with
 * `return toy_finish(...)`. */
int toy_finish(int status);

#endif
