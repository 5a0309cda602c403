// A leak's fix-it calls the release member through the table the create
// was called through, spelled as the program spelled it; none when that
// table expression could not be repeated (a call).
// RUN: %clang %tscope_plugin -fsyntax-only %ort_flags -fdiagnostics-parseable-fixits %s 2>&1 | FileCheck %s
#include <onnxruntime_c_api.h>

static const OrtApi *g_ort;
const OrtApi *get_api(void);

float first(OrtAllocator *alloc) {
  int64_t shape[1] = {4};
  OrtValue *v = NULL;
  if (g_ort->CreateTensorAsOrtValue(alloc, shape, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &v))
    return 0;
  float *data;
  g_ort->ReleaseStatus(g_ort->GetTensorMutableData(v, (void **)&data));
  return data[0];
  // CHECK: fixit.c:[[@LINE-1]]:3: warning: the tensor created by 'OrtApi::CreateTensorAsOrtValue' is never released: it leaks at this return
  // CHECK: fix-it:"{{.*}}fixit.c":{[[@LINE-2]]:3-[[@LINE-2]]:3}:"g_ort->ReleaseValue(v); "
}

void by_value(const OrtApi *api, OrtAllocator *alloc) {
  int64_t shape[1] = {4};
  OrtValue *v = NULL;
  if ((*api).CreateTensorAsOrtValue(alloc, shape, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &v))
    return;
  // CHECK: fixit.c:[[@LINE+2]]:1: warning: the tensor created by 'OrtApi::CreateTensorAsOrtValue' is never released: it leaks at the end of 'by_value'
  // CHECK: fix-it:"{{.*}}fixit.c":{[[@LINE+1]]:1-[[@LINE+1]]:1}:"(*api).ReleaseValue(v);\n"
}

void through_call(OrtAllocator *alloc) {
  int64_t shape[1] = {4};
  OrtValue *v = NULL;
  if (get_api()->CreateTensorAsOrtValue(alloc, shape, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &v))
    return;
  // CHECK: fixit.c:[[@LINE+2]]:1: warning: the tensor created by 'OrtApi::CreateTensorAsOrtValue' is never released: it leaks at the end of 'through_call'
  // CHECK-NOT: fix-it:
}
