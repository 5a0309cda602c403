/*
 * ftensor.h -- a tiny home-grown reference-counted tensor type, the kind a
 * C exporter or runtime keeps for model weights.  It calls the TensorScope
 * runtime by hand (no plugin needed): creation is tracked, retains are
 * counted, and every release asks the runtime first.
 *
 * The macros record the *caller's* line, so leak reports name the line of
 * the exporter that created a tensor, not a line in this file.
 */
#ifndef FTENSOR_H
#define FTENSOR_H

#include <stddef.h>
#include <tensorscope.h>

typedef struct ftensor {
    unsigned refs;   /* the library's own reference count */
    size_t n;        /* number of floats */
    float *data;
} ftensor;

/* A new tensor of n floats (refcount 1), tracked as created at `at`. */
ftensor *ftensor_new_at(size_t n, const tscope_site *at);
/* One more reference; returns t. */
ftensor *ftensor_retain(ftensor *t);
/* Drops one reference (the runtime is asked first); frees at zero. */
void ftensor_release_at(ftensor *t, const tscope_site *at);
/* Bytes held by all ftensors not yet freed (the "memory" of the demo). */
size_t ftensor_bytes_alive(void);

#define ftensor_new(n) ftensor_new_at((n), TSCOPE_HERE_API("ftensor_new"))
#define ftensor_release(t) ftensor_release_at((t), TSCOPE_HERE_API("ftensor_release"))

#endif
