/* tensor.c -- see tensor.h. */
#include "tensor.h"

#include <stdlib.h>

static size_t bytes_alive;

/* The library's own release, as registered with the runtime. */
static void tensor_destroy(void *p) {
    tensor *t = p;
    bytes_alive -= sizeof *t + t->n * sizeof(double);
    free(t->data);
    free(t);
}

static tensor *alloc_tensor(size_t n, const tscope_site *at) {
    tensor *t = malloc(sizeof *t);
    if (!t || !(t->data = malloc(n * sizeof(double)))) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    t->n = n;
    bytes_alive += sizeof *t + n * sizeof(double);
    return tscope_track(t, tensor_destroy, at);
}

tensor *tensor_new_at(size_t n, double fill, const tscope_site *at) {
    tensor *t = alloc_tensor(n, at);
    for (size_t i = 0; i < n; i++)
        t->data[i] = fill;
    return t;
}

tensor *tensor_sub_at(const tensor *a, const tensor *b, const tscope_site *at) {
    tensor *t = alloc_tensor(a->n, at);
    for (size_t i = 0; i < a->n; i++)
        t->data[i] = a->data[i] - b->data[i];
    return t;
}

tensor *tensor_scale_at(const tensor *a, double k, const tscope_site *at) {
    tensor *t = alloc_tensor(a->n, at);
    for (size_t i = 0; i < a->n; i++)
        t->data[i] = a->data[i] * k;
    return t;
}

void tensor_free_at(tensor *t, const tscope_site *at) {
    /* The runtime says whether the real release may proceed: 0 only for a
     * tensor a scope's end released already, or with double_release=skip
     * (it reports every double release). */
    if (t && tscope_release(t, at))
        tensor_destroy(t);
}

size_t tensor_bytes_alive(void) { return bytes_alive; }
