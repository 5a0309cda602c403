/* ftensor.c -- see ftensor.h. */
#include "ftensor.h"

#include <stdatomic.h>
#include <stdlib.h>

static atomic_size_t bytes_alive;

/* The library's own release: drop one reference, free at zero.  This is
 * also the release function the runtime calls (scopes, exit), so it must
 * not ask the runtime again. */
static void ftensor_drop(void *p)
{
    ftensor *t = p;
    if (--t->refs > 0)
        return;
    atomic_fetch_sub(&bytes_alive, t->n * sizeof(float));
    free(t->data);
    free(t);
}

ftensor *ftensor_new_at(size_t n, const tscope_site *at)
{
    ftensor *t = malloc(sizeof *t);
    if (!t)
        return NULL;
    t->data = calloc(n ? n : 1, sizeof(float));
    if (!t->data) {
        free(t);
        return NULL;
    }
    t->refs = 1;
    t->n = n;
    atomic_fetch_add(&bytes_alive, n * sizeof(float));
    return tscope_track(t, ftensor_drop, at);
}

ftensor *ftensor_retain(ftensor *t)
{
    t->refs++;
    tscope_retain(t);
    return t;
}

void ftensor_release_at(ftensor *t, const tscope_site *at)
{
    /* 0: a double release the runtime reported and asks to skip (the
     * tensor's scope released it already, or double_release=skip). */
    if (t && tscope_release(t, at))
        ftensor_drop(t);
}

size_t ftensor_bytes_alive(void)
{
    return atomic_load(&bytes_alive);
}
