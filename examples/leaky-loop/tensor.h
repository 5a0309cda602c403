/*
 * tensor.h -- a tiny home-grown tensor type (a vector of doubles), tracked
 * by TensorScope by hand: every function that creates a tensor tracks it at
 * the *caller's* line (the macros pass TSCOPE_HERE_API), which is what the
 * Clang plugin does automatically.
 */
#ifndef LEAKY_LOOP_TENSOR_H
#define LEAKY_LOOP_TENSOR_H

#include <stddef.h>

#include "tensorscope.h"

typedef struct tensor {
    size_t n;
    double *data;
} tensor;

tensor *tensor_new_at(size_t n, double fill, const tscope_site *at);
tensor *tensor_sub_at(const tensor *a, const tensor *b, const tscope_site *at);
tensor *tensor_scale_at(const tensor *a, double k, const tscope_site *at);
void tensor_free_at(tensor *t, const tscope_site *at);

#define tensor_new(n, fill) tensor_new_at((n), (fill), TSCOPE_HERE_API("tensor_new"))
#define tensor_sub(a, b) tensor_sub_at((a), (b), TSCOPE_HERE_API("tensor_sub"))
#define tensor_scale(a, k) tensor_scale_at((a), (k), TSCOPE_HERE_API("tensor_scale"))
#define tensor_free(t) tensor_free_at((t), TSCOPE_HERE)

/* Bytes held by live tensors (to show memory growing or staying flat). */
size_t tensor_bytes_alive(void);

#endif
