/* naive_cache.c -- see naive_cache.h.  Linear search: it is small. */
#include "naive_cache.h"

#include <stdlib.h>

typedef struct naive_entry {
    itensor *crow, *col; /* the key: addresses (retained when strong) */
    uint64_t m, k, block;
    plan *value;
    unsigned long last_use;
} naive_entry;

struct naive_cache {
    int strong;
    size_t capacity, size;
    unsigned long clock;
    naive_entry *entries;
};

naive_cache *naive_cache_new(size_t capacity, int strong) {
    naive_cache *c = calloc(1, sizeof *c);
    c->entries = calloc(capacity, sizeof *c->entries);
    if (!c || !c->entries)
        abort();
    c->capacity = capacity;
    c->strong = strong;
    return c;
}

static void drop(naive_cache *c, naive_entry *e) {
    plan_free(e->value);
    if (c->strong) {
        itensor_release(e->crow);
        itensor_release(e->col);
    }
    *e = c->entries[--c->size];
}

plan *naive_cache_plan(naive_cache *c, const bsr *a, int *hit) {
    c->clock++;
    for (size_t i = 0; i < c->size; i++) {
        naive_entry *e = &c->entries[i];
        if (e->crow == a->crow_indices && e->col == a->col_indices &&
            e->m == a->m && e->k == a->k && e->block == a->block) {
            e->last_use = c->clock;
            *hit = 1;
            return e->value;
        }
    }
    *hit = 0;
    if (c->size == c->capacity) { /* evict the least recently used */
        size_t lru = 0;
        for (size_t i = 1; i < c->size; i++)
            if (c->entries[i].last_use < c->entries[lru].last_use)
                lru = i;
        drop(c, &c->entries[lru]);
    }
    naive_entry *e = &c->entries[c->size++];
    e->crow = c->strong ? itensor_retain(a->crow_indices) : a->crow_indices;
    e->col = c->strong ? itensor_retain(a->col_indices) : a->col_indices;
    e->m = a->m;
    e->k = a->k;
    e->block = a->block;
    e->value = plan_compute(a, c->strong);
    e->last_use = c->clock;
    return e->value;
}

void naive_cache_free(naive_cache *c) {
    while (c->size)
        drop(c, &c->entries[0]);
    free(c->entries);
    free(c);
}
