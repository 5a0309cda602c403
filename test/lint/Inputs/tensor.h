/* tensor.h -- the toy tensor API the lint corpus is written against.
 *
 * Annotated with the TensorScope macros (tensorscope.h).  The same corpus
 * is run through gcc -fanalyzer and clang --analyze by bench/ with these
 * macros redefined to those tools' attributes, so keep every role here. */
#ifndef LINT_TOY_TENSOR_H
#define LINT_TOY_TENSOR_H

#include <stddef.h>
#include <stdlib.h>
#include <tensorscope.h>

#ifndef TSCOPE_RELEASED_BY /* older tensorscope.h: spell it out */
#define TSCOPE_RELEASED_BY(fn) __attribute__((annotate("tscope_released_by", #fn)))
#endif

typedef struct tensor {
  size_t n;
  float *data;
} tensor;

/* Releasing. t_free(NULL) is a no-op, like free(). */
TSCOPE_RELEASES(1) void t_free(tensor *t);

/* Creating: each returns a new tensor the caller must t_free, or NULL
 * when memory runs out. */
TSCOPE_CREATES TSCOPE_RELEASED_BY(t_free) tensor *t_zeros(size_t n);
TSCOPE_CREATES TSCOPE_RELEASED_BY(t_free) tensor *t_ones(size_t n);
TSCOPE_CREATES TSCOPE_RELEASED_BY(t_free) tensor *t_copy(const tensor *a);
TSCOPE_CREATES TSCOPE_RELEASED_BY(t_free) tensor *t_add(const tensor *a, const tensor *b);
TSCOPE_CREATES TSCOPE_RELEASED_BY(t_free) tensor *t_mul(const tensor *a, const tensor *b);
/* Never returns NULL: aborts when memory runs out. */
TSCOPE_CREATES TSCOPE_RELEASED_BY(t_free) __attribute__((returns_nonnull))
tensor *t_zeros_or_die(size_t n);
/* Creates through out-parameter 2; returns 0 on success (then *out is set). */
TSCOPE_CREATES_OUT(2) TSCOPE_RELEASED_BY(t_free) int t_make(size_t n, tensor **out);

/* Views: belong to argument 1, never released by the caller. */
TSCOPE_BORROWS(1) tensor *t_view(tensor *a, size_t from, size_t n);

/* Ownership transfer: the list keeps (and later frees) the tensor. */
typedef struct tlist tlist;
TSCOPE_CONSUMES(2) void tlist_push(tlist *l, tensor *t);

/* Reference counting and scopes. */
TSCOPE_RETAINS(1) tensor *t_retain(tensor *t);
TSCOPE_DETACHES(1) tensor *t_detach(tensor *t);

/* Unannotated: borrow their tensor arguments (the project-wide rule). */
float t_sum(const tensor *a);
void t_print(const tensor *a);
void t_scale_inplace(tensor *a, float by);
void t_apply(tensor *a, float (*fn)(float));
void for_each(tensor **ts, size_t n, void (*fn)(tensor *));

#endif
