// End to end on ONNX Runtime glue code with three classic leaks: a loop
// that overwrites its input tensor, an error path that forgets the tensor
// made before it, and a status that is printed but never released.  Calls
// through the OrtApi table are instrumented like direct calls, at -O0 and
// -O2, with and without -g: the at-exit report names the user's lines; the
// tensors the program released are not in it.
// RUN: %ort_impl
// RUN: %clang %tscope_plugin %ort_flags -fplugin-arg-tensorscope-lint=0 -O0 -o %t0 %s %t.ort.o %rtlib
// RUN: %t0 > %t0.out 2> %t0.err
// RUN: FileCheck %s < %t0.err
// RUN: FileCheck %s --check-prefix=OUT < %t0.out
// RUN: %clang %tscope_plugin %ort_flags -fplugin-arg-tensorscope-lint=0 -O2 -g -o %t2 %s %t.ort.o %rtlib
// RUN: %t2 > %t2.out 2> %t2.err
// RUN: FileCheck %s < %t2.err
// RUN: %clang %tscope_plugin %ort_flags -O1 -o %t1 %s %t.ort.o %rtlib 2> /dev/null
// RUN: %t1 > %t1.out 2> %t1.err
// RUN: FileCheck %s < %t1.err
// The other levels: -O1 -g and -O3 without -g.
// RUN: %clang %tscope_plugin %ort_flags -fplugin-arg-tensorscope-lint=0 -O1 -g -o %t1g %s %t.ort.o %rtlib
// RUN: %t1g > %t1g.out 2> %t1g.err
// RUN: FileCheck %s < %t1g.err
// RUN: %clang %tscope_plugin %ort_flags -fplugin-arg-tensorscope-lint=0 -O3 -o %t3 %s %t.ort.o %rtlib
// RUN: %t3 > %t3.out 2> %t3.err
// RUN: FileCheck %s < %t3.err
#include <onnxruntime_c_api.h>
#include <stdio.h>

static const OrtApi *g_ort;

static int failed(OrtStatus *status) {
  if (!status)
    return 0;
  printf("onnxruntime: %s\n", g_ort->GetErrorMessage(status));
  g_ort->ReleaseStatus(status);
  return 1;
}

static float infer(OrtSession *session, OrtAllocator *alloc, int steps) {
  int64_t shape[2] = {2, 3};
  OrtValue *input = NULL;
  float total = 0;
  for (int i = 0; i < steps; i++) {
    if (failed(g_ort->CreateTensorAsOrtValue(alloc, shape, 2, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &input))) // CHECK-DAG: TensorScope: 2 tensors created at {{.*}}leaks-run.c:[[#@LINE]] in infer (OrtApi::CreateTensorAsOrtValue)
      return total;
    float *data;
    if (failed(g_ort->GetTensorMutableData(input, (void **)&data)))
      break;
    for (int k = 0; k < 6; k++)
      data[k] = (float)(i + k);
    OrtValue *output = NULL;
    const char *in_names[] = {"x"}, *out_names[] = {"y"};
    if (failed(g_ort->Run(session, NULL, in_names, (const OrtValue *const *)&input, 1, out_names, 1, &output)))
      break;
    float *out;
    if (!failed(g_ort->GetTensorMutableData(output, (void **)&out)))
      total += out[5];
    g_ort->ReleaseValue(output);
  }
  g_ort->ReleaseValue(input); // only the last step's
  return total;
}

static int pair(const OrtApi *api, OrtAllocator *alloc, int64_t second) {
  int64_t shape[1] = {4}, other[1] = {second};
  OrtValue *a = NULL, *b = NULL;
  if (failed(api->CreateTensorAsOrtValue(alloc, shape, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &a))) // CHECK-DAG: TensorScope: 1 tensor created at {{.*}}leaks-run.c:[[#@LINE]] in pair (OrtApi::CreateTensorAsOrtValue)
    return -1;
  if (failed((*api).CreateTensorAsOrtValue(alloc, other, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &b)))
    return -1; // forgets a
  api->ReleaseValue(b);
  api->ReleaseValue(a);
  return 0;
}

static void probe(OrtAllocator *alloc) {
  int64_t bad[1] = {-1};
  OrtValue *v = NULL;
  OrtStatus *status = g_ort->CreateTensorAsOrtValue(alloc, bad, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &v); // CHECK-DAG: TensorScope: 1 tensor created at {{.*}}leaks-run.c:[[#@LINE]] in probe (OrtApi::CreateTensorAsOrtValue)
  if (status) {
    printf("probe failed: %s\n", g_ort->GetErrorMessage(status));
    return; // the status is never released
  }
  g_ort->ReleaseValue(v);
}

int main(void) {
  g_ort = OrtGetApiBase()->GetApi(ORT_API_VERSION);
  OrtEnv *env;
  if (failed(g_ort->CreateEnv(ORT_LOGGING_LEVEL_WARNING, "test", &env)))
    return 1;
  OrtSession *session;
  if (failed(g_ort->CreateSession(env, "models/double.onnx", NULL, &session)))
    return 1;
  OrtAllocator *alloc;
  if (failed(g_ort->GetAllocatorWithDefaultOptions(&alloc)))
    return 1;
  printf("total %.1f\n", infer(session, alloc, 3));
  printf("pair %d\n", pair(g_ort, alloc, 4));
  printf("pair %d\n", pair(g_ort, alloc, -1));
  probe(alloc);
  g_ort->ReleaseSession(session);
  g_ort->ReleaseEnv(env);
  return 0;
}
// CHECK: TensorScope: 4 tensors leaked from 3 sites
// OUT: total 36.0
// OUT: pair 0
// OUT: onnxruntime: negative dimension
// OUT: pair -1
// OUT: probe failed: negative dimension
