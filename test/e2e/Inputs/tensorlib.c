#include "tensorlib.h"
#include <stdlib.h>

static long live;

tensor *tensor_new(size_t n, double fill) {
    tensor *t = malloc(sizeof *t);
    if (!t)
        return NULL;
    t->data = malloc(n * sizeof *t->data);
    if (!t->data) {
        free(t);
        return NULL;
    }
    t->n = n;
    for (size_t i = 0; i < n; i++)
        t->data[i] = fill;
    live++;
    return t;
}

void tensor_free(tensor *t) {
    if (!t)
        return;
    live--;
    free(t->data);
    free(t);
}

tensor *tensor_scale(const tensor *a, double k) {
    tensor *out = tensor_new(a->n, 0.0);
    if (out)
        for (size_t i = 0; i < a->n; i++)
            out->data[i] = a->data[i] * k;
    return out;
}

void tensor_sub_inplace(tensor *a, const tensor *b) {
    for (size_t i = 0; i < a->n; i++)
        a->data[i] -= b->data[i];
}

double tensor_sum(const tensor *t) {
    double s = 0;
    for (size_t i = 0; i < t->n; i++)
        s += t->data[i];
    return s;
}

long tensorlib_live(void) { return live; }
