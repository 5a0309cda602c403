// The correct versions of leaks-run.c's programs: no report, and the same output and exit status as built without the
// plugin, at -O0 and -O2, with and without ASan.
// RUN: %dlpack_impl
// RUN: env TS_PLUGIN_ARGS="%dlpack_plugin_args" %same_run %s %dlpack_include %t.producer.o
#include <producer.h>
#include <stdio.h>

static float sum(const DLTensor *t) {
  float s = 0;
  for (int64_t i = 0; i < t->shape[0]; i++)
    s += ((const float *)t->data)[i];
  return s;
}

static float batches(int n) {
  float total = 0;
  for (int i = 0; i < n; i++) {
    DLManagedTensor *batch = producer_to_dlpack(4, (float)i);
    if (!batch)
      return total;
    total += sum(&batch->dl_tensor);
    batch->deleter(batch);
  }
  return total;
}

static int pair(int64_t n, float *out) {
  DLManagedTensor *a = NULL, *b = NULL;
  if (producer_export(4, &a) != 0)
    return -1;
  if (producer_export(n, &b) != 0) {
    a->deleter(a);
    return -1;
  }
  *out = sum(&a->dl_tensor) + sum(&b->dl_tensor);
  (*b).deleter(b);
  (*a->deleter)(a);
  return 0;
}

int main(void) {
  float s = 0;
  printf("batches %.1f\n", batches(4));
  printf("pair %d\n", pair(4, &s));
  printf("pair %d %.1f\n", pair(-1, &s), s);
  printf("live %d\n", producer_live());
  return 0;
}
