// The lint on ONNX Runtime glue code: calls through the OrtApi table
// (g_ort->Member, api->Member, (*api).Member) have the roles of
// apis/onnxruntime.yaml; a non-NULL OrtStatus is an object to release, and
// the out-parameter holds a new OrtValue only on success (a NULL status).
// RUN: %clang %tscope_plugin -fsyntax-only %ort_flags -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
#include <onnxruntime_c_api.h>
#include <stdio.h>

static const OrtApi *g_ort;

// Releases its argument: the lint infers the role through the table call.
static void report(OrtStatus *status) {
  fprintf(stderr, "onnxruntime: %s\n", g_ort->GetErrorMessage(status));
  g_ort->ReleaseStatus(status);
}

// A loop that overwrites its input tensor each step.
float loop_overwrites(OrtAllocator *alloc, int steps) {
  int64_t shape[2] = {2, 3};
  OrtValue *input = NULL;
  float total = 0;
  for (int i = 0; i < steps; i++) {
    OrtStatus *st = g_ort->CreateTensorAsOrtValue(alloc, shape, 2, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &input); // expected-warning {{overwritten by the call to 'OrtApi::CreateTensorAsOrtValue' while it still holds it (the tensor from the previous loop iteration)}}
    if (st) {
      report(st);
      break;
    }
    float *data;
    st = g_ort->GetTensorMutableData(input, (void **)&data);
    if (st) {
      report(st);
      break;
    }
    total += data[0];
  }
  g_ort->ReleaseValue(input);
  return total;
}

// An error path that forgets the tensor made before it.
int error_path(const OrtApi *api, OrtAllocator *alloc) {
  int64_t shape[1] = {4}, bad[1] = {-1};
  OrtValue *a = NULL, *b = NULL;
  OrtStatus *st = api->CreateTensorAsOrtValue(alloc, shape, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &a);
  if (st) {
    report(st);
    return -1;
  }
  st = (*api).CreateTensorAsOrtValue(alloc, bad, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &b);
  if (st) {
    report(st);
    return -1; // expected-warning {{the tensor created by 'OrtApi::CreateTensorAsOrtValue' is never released: it leaks at this return}}
  }
  api->ReleaseValue(b);
  api->ReleaseValue(a);
  return 0;
}

// A status that is looked at but never released.
void status_never_released(OrtAllocator *alloc) {
  int64_t bad[1] = {-1};
  OrtValue *v = NULL;
  OrtStatus *status = g_ort->CreateTensorAsOrtValue(alloc, bad, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &v);
  if (status) {
    fprintf(stderr, "failed: %s\n", g_ort->GetErrorMessage(status));
    return; // expected-warning {{the tensor created by 'OrtApi::CreateTensorAsOrtValue' is never released: it leaks at this return}}
  }
  g_ort->ReleaseValue(v);
}

// Released twice through two spellings of the table.
void twice(const OrtApi *api, OrtAllocator *alloc) {
  int64_t shape[1] = {4};
  OrtValue *t = NULL;
  OrtStatus *st = api->CreateTensorAsOrtValue(alloc, shape, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &t);
  if (st) {
    report(st);
    return;
  }
  api->ReleaseValue(t);
  (*api).ReleaseValue(t); // expected-warning {{the tensor created by 'OrtApi::CreateTensorAsOrtValue' is released twice}}
}

// The correct version of each: no warning.
float loop_correct(OrtAllocator *alloc, int steps) {
  int64_t shape[2] = {2, 3};
  float total = 0;
  for (int i = 0; i < steps; i++) {
    OrtValue *input = NULL;
    OrtStatus *st = g_ort->CreateTensorAsOrtValue(alloc, shape, 2, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &input);
    if (st) {
      report(st);
      return total;
    }
    float *data;
    st = g_ort->GetTensorMutableData(input, (void **)&data);
    if (st)
      report(st);
    else
      total += data[0];
    g_ort->ReleaseValue(input);
  }
  return total;
}

int error_path_correct(const OrtApi *api, OrtAllocator *alloc) {
  int64_t shape[1] = {4}, bad[1] = {-1};
  OrtValue *a = NULL, *b = NULL;
  OrtStatus *st = api->CreateTensorAsOrtValue(alloc, shape, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &a);
  if (st) {
    report(st);
    return -1;
  }
  st = (*api).CreateTensorAsOrtValue(alloc, bad, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &b);
  if (st) {
    report(st);
    api->ReleaseValue(a);
    return -1;
  }
  api->ReleaseValue(b);
  api->ReleaseValue(a);
  return 0;
}

void status_released(OrtAllocator *alloc) {
  int64_t bad[1] = {-1};
  OrtValue *v = NULL;
  OrtStatus *status = g_ort->CreateTensorAsOrtValue(alloc, bad, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &v);
  if (status) {
    fprintf(stderr, "failed: %s\n", g_ort->GetErrorMessage(status));
    g_ort->ReleaseStatus(status);
    return;
  }
  g_ort->ReleaseValue(v);
}

// A helper that prints and releases a failed status and returns 1, or
// returns 0 for NULL (`if (!status) return 0;` first): the lint infers that
// 0 means "the status was NULL", so the out-parameter exists exactly then.
static int failed(OrtStatus *status) {
  if (status == NULL)
    return 0;
  fprintf(stderr, "onnxruntime: %s\n", g_ort->GetErrorMessage(status));
  g_ort->ReleaseStatus(status);
  return 1;
}

int through_failed_correct(OrtAllocator *alloc) {
  int64_t shape[1] = {4};
  OrtValue *a = NULL, *b = NULL;
  if (failed(g_ort->CreateTensorAsOrtValue(alloc, shape, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &a)))
    return -1;
  OrtStatus *st = g_ort->CreateTensorAsOrtValue(alloc, shape, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &b);
  if (failed(st)) {
    g_ort->ReleaseValue(a);
    return -1;
  }
  g_ort->ReleaseValue(b);
  g_ort->ReleaseValue(a);
  return 0;
}

int through_failed_leaks(OrtAllocator *alloc) {
  int64_t shape[1] = {4};
  OrtValue *a = NULL, *b = NULL;
  if (failed(g_ort->CreateTensorAsOrtValue(alloc, shape, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &a)))
    return -1;
  if (failed(g_ort->CreateTensorAsOrtValue(alloc, shape, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &b)))
    return -1; // expected-warning {{the tensor created by 'OrtApi::CreateTensorAsOrtValue' is never released: it leaks at this return, and at 1 more exit}}
  g_ort->ReleaseValue(b);
  return 0;
}

int through_failed_twice(OrtAllocator *alloc) {
  int64_t shape[1] = {4};
  OrtValue *v = NULL;
  OrtStatus *st = g_ort->CreateTensorAsOrtValue(alloc, shape, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &v);
  if (failed(st)) {
    g_ort->ReleaseStatus(st); // expected-warning {{released twice}}
    return -1;
  }
  g_ort->ReleaseValue(v);
  return 0;
}

// On a tensor rather than a status, the same helper simply releases it.
void failed_on_a_tensor(OrtAllocator *alloc) {
  int64_t shape[1] = {4};
  OrtValue *v = NULL;
  OrtStatus *st = g_ort->CreateTensorAsOrtValue(alloc, shape, 1, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &v);
  if (st) {
    g_ort->ReleaseStatus(st);
    return;
  }
  failed((OrtStatus *)v);
  g_ort->ReleaseValue(v); // expected-warning {{released twice}}
}
