/*
 * tensor_cache.c -- memoized sparse-kernel plans, before and after.
 *
 *   tensor-cache MODE [STEPS]     MODE: naive-strong | naive-pointer | weak
 *
 * A training-like loop: WEIGHTS block-sparse matrices live for the whole
 * run and are used every step; each step also builds a fresh matrix (a new
 * sparsity pattern), runs the kernel on it twice, and releases it.  The
 * kernel memoizes its plan per matrix (PyTorch's bsr_scatter_mm pattern).
 * Every plan is checked against the matrix it is used for.  Prints the
 * live index tensors every STEPS/4 steps and a summary line.
 */
#include "bsr.h"
#include "naive_cache.h"
#include "weak_cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WEIGHTS 4
#define CAPACITY 64

typedef struct counters {
    unsigned long hits, misses, stale;
} counters;

typedef struct memo {
    naive_cache *naive;
    tscope_cache *weak;
} memo;

/* The kernel: gets the plan (memoized), checks it is this matrix's. */
static void kernel(memo *m, const bsr *a, counters *n) {
    int hit;
    plan *p = m->weak ? weak_cache_plan(m->weak, a, &hit)
                      : naive_cache_plan(m->naive, a, &hit);
    if (hit)
        n->hits++;
    else
        n->misses++;
    if (!plan_is_for(p, a))
        n->stale++; /* a plan computed for another matrix: wrong results */
}

static int usage(void) {
    fprintf(stderr, "usage: tensor-cache naive-strong|naive-pointer|weak [STEPS]\n");
    return 2;
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 3)
        return usage();
    const char *mode = argv[1];
    long steps = 400;
    if (argc == 3) {
        char *end;
        steps = strtol(argv[2], &end, 10);
        if (*argv[2] == '\0' || *end != '\0' || steps < 4) {
            fprintf(stderr, "tensor-cache: STEPS must be an integer >= 4, not '%s'\n", argv[2]);
            return 2;
        }
    }
    memo m = {0};
    if (strcmp(mode, "naive-strong") == 0)
        m.naive = naive_cache_new(CAPACITY, 1);
    else if (strcmp(mode, "naive-pointer") == 0)
        m.naive = naive_cache_new(CAPACITY, 0);
    else if (strcmp(mode, "weak") == 0)
        m.weak = tscope_cache_new(CAPACITY, plan_free);
    else {
        fprintf(stderr, "tensor-cache: unknown mode '%s'\n", mode);
        return usage();
    }

    bsr weights[WEIGHTS];
    for (unsigned w = 0; w < WEIGHTS; w++)
        weights[w] = bsr_new(w, 512, 512, 16, w);
    /* What must stay alive: the weights' index tensors, and the plan of
     * each weight (its block_rows tensor) once the kernel ran on it. */
    size_t baseline = itensor_live_count() + WEIGHTS;
    counters n = {0, 0, 0};
    size_t peak_bytes = 0;
    printf("%s: %d weight matrices live all along (%zu index tensors with their "
           "plans); one new matrix per step, used twice, then released\n",
           mode, WEIGHTS, baseline);
    for (long step = 1; step <= steps; step++) {
        for (unsigned w = 0; w < WEIGHTS; w++)
            kernel(&m, &weights[w], &n);
        bsr a = bsr_new(WEIGHTS + (unsigned)step, 512, 512, 16, 1000u + (unsigned)step);
        kernel(&m, &a, &n);
        kernel(&m, &a, &n);
        bsr_release(&a);
        if (itensor_live_bytes() > peak_bytes)
            peak_bytes = itensor_live_bytes();
        if (step % (steps / 4) == 0)
            printf("  step %4ld: %4zu index tensors alive (%6.1f KiB) after releasing "
                   "the step's matrix\n", step, itensor_live_count(),
                   itensor_live_bytes() / 1024.0);
    }
    size_t live_after = itensor_live_count();
    unsigned long stats_released = 0;
    if (m.weak) {
        tscope_cache_stats st;
        tscope_cache_get_stats(m.weak, &st);
        stats_released = (unsigned long)st.evictions_released;
        printf("  tscope_cache stats: %llu hits, %llu misses, %llu LRU evictions, "
               "%llu died with their tensors, %zu entries\n",
               (unsigned long long)st.hits, (unsigned long long)st.misses,
               (unsigned long long)st.evictions_lru,
               (unsigned long long)st.evictions_released, st.size);
    }
    for (unsigned w = 0; w < WEIGHTS; w++)
        bsr_release(&weights[w]);
    if (m.weak)
        tscope_cache_free(m.weak);
    else
        naive_cache_free(m.naive);
    printf("summary: mode=%s steps=%ld hits=%lu misses=%lu stale_plans=%lu "
           "live_index_tensors=%zu (needed: %zu) peak_KiB=%.1f "
           "entries_died_with_tensors=%lu left_at_end=%zu\n",
           mode, steps, n.hits, n.misses, n.stale, live_after, baseline,
           peak_bytes / 1024.0, stats_released, itensor_live_count());
    return n.stale ? 1 : 0;
}
