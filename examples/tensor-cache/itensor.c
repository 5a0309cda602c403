/* itensor.c -- see itensor.h. */
#include "itensor.h"

#include "tensorscope.h"

#include <stdio.h>
#include <stdlib.h>

static size_t live_count, live_bytes;

/* The library's own release: drops one reference, frees at the last. */
static void itensor_unref(void *p) {
    itensor *t = p;
    if (--t->refs > 0)
        return;
    live_count--;
    live_bytes -= sizeof *t + t->n * sizeof *t->data;
    free(t->data);
    free(t);
}

itensor *itensor_new(size_t n) {
    itensor *t = malloc(sizeof *t);
    int32_t *data = calloc(n ? n : 1, sizeof *data);
    if (!t || !data) {
        fprintf(stderr, "itensor_new: out of memory (%zu elements)\n", n);
        exit(1);
    }
    t->refs = 1;
    t->n = n;
    t->data = data;
    live_count++;
    live_bytes += sizeof *t + n * sizeof *data;
    return tscope_track(t, itensor_unref, TSCOPE_HERE_API("itensor_new"));
}

itensor *itensor_retain(itensor *t) {
    t->refs++;
    tscope_retain(t);
    return t;
}

void itensor_release(itensor *t) {
    if (t && tscope_release(t, TSCOPE_HERE_API("itensor_release")))
        itensor_unref(t);
}

size_t itensor_live_count(void) { return live_count; }
size_t itensor_live_bytes(void) { return live_bytes; }
