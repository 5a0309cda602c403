/* A small tensor library for the end-to-end tests: annotated header, plain
 * implementation (built without the plugin, like a real library). */
#ifndef TEST_E2E_TENSORLIB_H
#define TEST_E2E_TENSORLIB_H
#include <stddef.h>
#include <tensorscope.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef struct tensor {
    size_t n;
    double *data;
} tensor;
TSCOPE_CREATES tensor *tensor_new(size_t n, double fill);
TSCOPE_RELEASES(1) void tensor_free(tensor *t);
/* out = a * k, a new tensor */
TSCOPE_CREATES tensor *tensor_scale(const tensor *a, double k);
/* a -= b, in place */
void tensor_sub_inplace(tensor *a, const tensor *b);
double tensor_sum(const tensor *t);
/* Live tensors according to the library itself (not the runtime). */
long tensorlib_live(void);
#ifdef __cplusplus
}
#endif
#endif
