/*
 * itensor.h -- a tiny reference-counted int32 tensor, the kind of index
 * tensor (crow_indices, col_indices) sparse kernels key their plans by.
 * Every tensor is tracked by TensorScope, by hand here (with the plugin,
 * annotations on these functions would do it): itensor_new tracks it,
 * itensor_retain reports the extra reference, itensor_release asks the
 * runtime before dropping one.
 */
#ifndef ITENSOR_H
#define ITENSOR_H

#include <stddef.h>
#include <stdint.h>

typedef struct itensor {
    int refs;
    size_t n;
    int32_t *data;
} itensor;

itensor *itensor_new(size_t n);
itensor *itensor_retain(itensor *t);
void itensor_release(itensor *t);

/* What is really allocated right now (not what the program thinks). */
size_t itensor_live_count(void);
size_t itensor_live_bytes(void);

#endif
