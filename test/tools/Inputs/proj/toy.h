/* A toy tensor API, annotated for TensorScope, for the tscope-lint tests. */
#ifndef TOY_H
#define TOY_H
#include <tensorscope.h>

#ifdef __cplusplus
extern "C" {
#endif
typedef struct toy toy;
TSCOPE_CREATES toy *toy_new(int n);
TSCOPE_RELEASES(1) void toy_free(toy *t);
double toy_sum(const toy *t);
#ifdef __cplusplus
}
#endif
#endif
