/* A tiny annotated tensor API for the instrumentation tests. */
#ifndef TEST_INSTRUMENT_TENSOR_H
#define TEST_INSTRUMENT_TENSOR_H
#include <tensorscope.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef struct tensor tensor;
TSCOPE_CREATES tensor *tensor_new(int n);
TSCOPE_RELEASES(1) void tensor_free(tensor *t);
TSCOPE_RETAINS(1) void tensor_ref(tensor *t);
TSCOPE_CONSUMES(1) void tensor_give(tensor *t);
TSCOPE_DETACHES(1) void tensor_keep(tensor *t);
TSCOPE_CREATES_OUT(1) int tensor_make(tensor **out, int n);
TSCOPE_BORROWS(1) tensor *tensor_view(tensor *t);
int tensor_use(tensor *t);
#ifdef __cplusplus
}
#endif
#endif
