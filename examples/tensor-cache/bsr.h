/*
 * bsr.h -- a block-sparse (BSR) matrix's structure and the "plan" a sparse
 * kernel derives from it, as in PyTorch's _bsr_scatter_mm_indices_data:
 * costly to compute, so memoized per matrix, keyed by the index tensors
 * (crow_indices, col_indices) plus shape and block size.
 */
#ifndef BSR_H
#define BSR_H

#include "itensor.h"

#include <stdint.h>

typedef struct bsr {
    unsigned id;            /* which matrix this is, to check plans */
    uint64_t m, k, block;   /* shape M x K, square blocks */
    itensor *crow_indices;  /* M/block + 1 entries */
    itensor *col_indices;   /* one per stored block */
} bsr;

/* A random block pattern (reproducible from `seed`); `id` names it. */
bsr bsr_new(unsigned id, uint64_t m, uint64_t k, uint64_t block, unsigned seed);
void bsr_release(bsr *a);

/*
 * The plan: the row of every stored block, derived from crow_indices, plus
 * -- like PyTorch's value, whose c_indices *was* crow_indices -- a reference
 * to the matrix's own crow_indices.  The plan owns one reference to each of
 * its two tensors.
 */
typedef struct plan {
    unsigned matrix_id; /* the matrix it was computed for */
    itensor *crow_indices; /* retained */
    itensor *block_rows;   /* created for the plan */
} plan;

/* hold_crow = 0 leaves plan->crow_indices NULL: a cache keyed by raw
 * pointers cannot let its values pin tensors, or memory never returns. */
plan *plan_compute(const bsr *a, int hold_crow);
void plan_free(void *p); /* releases both tensors: a cache's value_free */

/* Whether `p` is the plan of `a` (not a stale one of an earlier matrix). */
int plan_is_for(const plan *p, const bsr *a);

#endif
