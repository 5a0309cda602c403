// The correct versions of leaks-run.c's programs (the loop releases each
// step's input, the error path releases what it made, the status is
// released): no report, and the same output and exit status as built
// without the plugin, at -O0 and -O2, with and without ASan.
// RUN: %ort_impl
// RUN: env TS_PLUGIN_ARGS=-fplugin-arg-tensorscope-api=%apis/onnxruntime.yaml %same_run %s %ort_include %t.ort.o
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
  float total = 0;
  for (int i = 0; i < steps; i++) {
    OrtValue *input = NULL;
    if (failed(g_ort->CreateTensorAsOrtValue(alloc, shape, 2, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &input)))
      return total;
    float *data;
    if (failed(g_ort->GetTensorMutableData(input, (void **)&data))) {
      g_ort->ReleaseValue(input);
      break;
    }
    for (int k = 0; k < 6; k++)
      data[k] = (float)(i + k);
    OrtValue *output = NULL;
    const char *in_names[] = {"x"}, *out_names[] = {"y"};
    if (!failed(g_ort->Run(session, NULL, in_names, (const OrtValue *const *)&input, 1, out_names, 1, &output))) {
      float *out;
      if (!failed(g_ort->GetTensorMutableData(output, (void **)&out)))
        total += out[5];
      g_ort->ReleaseValue(output);
    }
    g_ort->ReleaseValue(input);
  }
  return total;
}

static int pair(const OrtApi *api, OrtAllocator *alloc, int64_t second) {
  int64_t shape[1] = {4}, other[1] = {second};
  OrtValue *a = NULL, *b = NULL;
  if (failed(api->CreateTensorAsOrtValue(alloc, shape, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &a)))
    return -1;
  if (failed((*api).CreateTensorAsOrtValue(alloc, other, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &b))) {
    api->ReleaseValue(a);
    return -1;
  }
  api->ReleaseValue(b);
  api->ReleaseValue(a);
  return 0;
}

static void probe(OrtAllocator *alloc) {
  int64_t bad[1] = {-1};
  OrtValue *v = NULL;
  OrtStatus *status = g_ort->CreateTensorAsOrtValue(alloc, bad, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &v);
  if (status) {
    printf("probe failed: %s\n", g_ort->GetErrorMessage(status));
    g_ort->ReleaseStatus(status);
    return;
  }
  g_ort->ReleaseValue(v);
}

// Tensors over caller-owned data, the memory info released after them.
static float wrap(const OrtApi *api) {
  float buffer[4] = {1, 2, 3, 4};
  int64_t shape[1] = {4};
  OrtMemoryInfo *info;
  if (failed(api->CreateCpuMemoryInfo(OrtArenaAllocator, OrtMemTypeDefault, &info)))
    return 0;
  OrtValue *v = NULL;
  float sum = 0;
  if (!failed(api->CreateTensorWithDataAsOrtValue(info, buffer, sizeof buffer, shape, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &v))) {
    OrtTensorTypeAndShapeInfo *shape_info;
    size_t count = 0;
    if (!failed(api->GetTensorTypeAndShape(v, &shape_info))) {
      failed(api->GetTensorShapeElementCount(shape_info, &count));
      api->ReleaseTensorTypeAndShapeInfo(shape_info);
    }
    float *data;
    if (!failed(api->GetTensorMutableData(v, (void **)&data)))
      for (size_t i = 0; i < count; i++)
        sum += data[i];
    api->ReleaseValue(v);
  }
  api->ReleaseMemoryInfo(info);
  return sum;
}

int main(void) {
  g_ort = OrtGetApiBase()->GetApi(ORT_API_VERSION);
  OrtEnv *env;
  if (failed(g_ort->CreateEnv(ORT_LOGGING_LEVEL_WARNING, "test", &env)))
    return 1;
  OrtSession *session;
  if (failed(g_ort->CreateSession(env, "models/missing.onnx", NULL, &session)))
    printf("as expected\n");
  if (failed(g_ort->CreateSession(env, "models/double.onnx", NULL, &session))) {
    g_ort->ReleaseEnv(env);
    return 1;
  }
  OrtAllocator *alloc;
  if (failed(g_ort->GetAllocatorWithDefaultOptions(&alloc)))
    return 1;
  printf("total %.1f\n", infer(session, alloc, 3));
  printf("pair %d\n", pair(g_ort, alloc, 4));
  printf("pair %d\n", pair(g_ort, alloc, -1));
  probe(alloc);
  printf("wrap %.1f\n", wrap(g_ort));
  g_ort->ReleaseSession(session);
  g_ort->ReleaseEnv(env);
  return 0;
}
