/* scale.h -- the two measurements of bench_scale (memory.c, threads.c). */
#ifndef BENCH_SCALE_H
#define BENCH_SCALE_H
#include <stddef.h>

/* Tracks n fake tensors; prints "mem N RSS/tensor HEAP/tensor FIXED_RSS
 * FIXED_HEAP".  Returns the exit status. */
int scale_memory(size_t n);

/* Runs `rounds` rounds of 1 thread then 2 threads, each thread living
 * through `lifecycles` tensors of its own, `per_scope` of them live at a
 * time (even, 2..256; 0: no runtime, a malloc(64)+free each, the
 * machine's ceiling); prints the best of each. */
int scale_threads(size_t lifecycles, size_t rounds, int per_scope);

#endif
