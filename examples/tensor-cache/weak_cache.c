/* weak_cache.c -- see weak_cache.h. */
#include "weak_cache.h"

#include <stdio.h>
#include <stdlib.h>

plan *weak_cache_plan(tscope_cache *c, const bsr *a, int *hit) {
    tscope_key k;
    tscope_key_init(&k);
    tscope_key_add_tensor(&k, a->crow_indices);
    tscope_key_add_tensor(&k, a->col_indices);
    tscope_key_add_u64(&k, a->m);
    tscope_key_add_u64(&k, a->k);
    tscope_key_add_u64(&k, a->block);
    plan *p = tscope_cache_get(c, &k);
    *hit = p != NULL;
    if (p)
        return p;
    p = plan_compute(a, 1);
    /* The plan owns a reference to crow_indices (a key tensor: ephemeral,
     * it does not pin the matrix) and to its own block_rows. */
    void *owned[2] = {p->crow_indices, p->block_rows};
    if (tscope_cache_put_holding(c, &k, p, owned, 2) != 0) {
        /* The key's tensors died meanwhile: the cache freed the plan. */
        fprintf(stderr, "weak_cache_plan: matrix %u is not alive\n", a->id);
        exit(1);
    }
    return p;
}
