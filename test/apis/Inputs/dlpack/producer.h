/* A small array framework that exports its arrays as DLPack tensors, as
 * real producers do (a DLManagedTensor whose deleter frees what the export
 * made).  DLPack itself has no function that creates a tensor: a program
 * describes its producer's exports (producer.yaml, `release: '->deleter'`)
 * next to apis/dlpack.yaml, which describes the deleter. */
#ifndef TSCOPE_TEST_DLPACK_PRODUCER_H
#define TSCOPE_TEST_DLPACK_PRODUCER_H

#include <dlpack/dlpack.h>

/* A new 1-D float tensor of n elements, all `fill`; NULL when n < 0. */
DLManagedTensor *producer_to_dlpack(int64_t n, float fill);
/* The same through an out-parameter: 0 on success, -1 (and *out untouched)
 * when n < 0. */
int producer_export(int64_t n, DLManagedTensor **out);
/* How many exported tensors are alive (their deleter not called yet). */
int producer_live(void);

#endif
