/* The producer of producer.h, built without the plugin (a prebuilt library). */
#include "producer.h"

#include <stdlib.h>

static int live;

static void delete_tensor(DLManagedTensor *self) {
  free(self->dl_tensor.shape);
  free(self->dl_tensor.data);
  free(self);
  live--;
}

DLManagedTensor *producer_to_dlpack(int64_t n, float fill) {
  if (n < 0)
    return NULL;
  DLManagedTensor *t = calloc(1, sizeof *t);
  float *data = malloc((size_t)(n ? n : 1) * sizeof(float));
  for (int64_t i = 0; i < n; i++)
    data[i] = fill;
  t->dl_tensor.data = data;
  t->dl_tensor.device.device_type = kDLCPU;
  t->dl_tensor.ndim = 1;
  t->dl_tensor.dtype.code = kDLFloat;
  t->dl_tensor.dtype.bits = 32;
  t->dl_tensor.dtype.lanes = 1;
  t->dl_tensor.shape = malloc(sizeof(int64_t));
  t->dl_tensor.shape[0] = n;
  t->deleter = delete_tensor;
  live++;
  return t;
}

int producer_export(int64_t n, DLManagedTensor **out) {
  DLManagedTensor *t = producer_to_dlpack(n, 1.0f);
  if (!t)
    return -1;
  *out = t;
  return 0;
}

int producer_live(void) { return live; }
