/* A plain C implementation of the stand-in ONNX Runtime API of
 * onnxruntime_c_api.h, so the tests' inference programs run.  Built without
 * the plugin, as a prebuilt library would be.  The one "model" it knows,
 * "double.onnx", multiplies its float input by two; any other model path
 * fails with ORT_NO_SUCHFILE, a negative dimension with
 * ORT_INVALID_ARGUMENT (the error paths the tests take). */
#include "onnxruntime_c_api.h"

#include <stdlib.h>
#include <string.h>

struct OrtStatus {
  OrtErrorCode code;
  char message[128];
};
struct OrtEnv { int level; };
struct OrtSessionOptions { int unused; };
struct OrtRunOptions { int unused; };
struct OrtSession { int doubles; };
struct OrtMemoryInfo { OrtAllocatorType type; };
struct OrtAllocator { int unused; };
struct OrtTensorTypeAndShapeInfo { size_t count; };
struct OrtValue {
  float *data;
  int owns_data;
  size_t count;
  int64_t shape[8];
  size_t rank;
};

static OrtStatus *CreateStatus(OrtErrorCode code, const char *msg) {
  OrtStatus *s = malloc(sizeof *s);
  if (!s)
    abort();
  s->code = code;
  strncpy(s->message, msg, sizeof s->message - 1);
  s->message[sizeof s->message - 1] = 0;
  return s;
}
static OrtErrorCode GetErrorCode(const OrtStatus *s) { return s ? s->code : ORT_OK; }
static const char *GetErrorMessage(const OrtStatus *s) { return s->message; }

static OrtStatus *CreateEnv(OrtLoggingLevel level, const char *logid, OrtEnv **out) {
  (void)logid;
  *out = malloc(sizeof **out);
  (*out)->level = level;
  return NULL;
}
static OrtStatus *CreateSessionOptions(OrtSessionOptions **out) {
  *out = calloc(1, sizeof **out);
  return NULL;
}
static OrtStatus *CreateSession(const OrtEnv *env, const ORTCHAR_T *path,
                                const OrtSessionOptions *options, OrtSession **out) {
  (void)env;
  (void)options;
  const char *base = strrchr(path, '/');
  if (strcmp(base ? base + 1 : path, "double.onnx") != 0)
    return CreateStatus(ORT_NO_SUCHFILE, "Load model failed: no such file");
  *out = malloc(sizeof **out);
  (*out)->doubles = 1;
  return NULL;
}
static OrtStatus *CreateRunOptions(OrtRunOptions **out) {
  *out = calloc(1, sizeof **out);
  return NULL;
}

static OrtValue *new_value(const int64_t *shape, size_t rank, float *data) {
  OrtValue *v = calloc(1, sizeof *v);
  v->rank = rank;
  v->count = 1;
  for (size_t i = 0; i < rank; i++) {
    v->shape[i] = shape[i];
    v->count *= (size_t)shape[i];
  }
  v->owns_data = data == NULL;
  v->data = data ? data : calloc(v->count ? v->count : 1, sizeof(float));
  return v;
}

static OrtStatus *check_shape(const int64_t *shape, size_t rank) {
  if (rank == 0 || rank > 8)
    return CreateStatus(ORT_INVALID_ARGUMENT, "shape must have 1 to 8 dimensions");
  for (size_t i = 0; i < rank; i++)
    if (shape[i] < 0)
      return CreateStatus(ORT_INVALID_ARGUMENT, "negative dimension");
  return NULL;
}

static OrtStatus *Run(OrtSession *session, const OrtRunOptions *run_options,
                      const char *const *input_names, const OrtValue *const *inputs,
                      size_t input_len, const char *const *output_names,
                      size_t output_names_len, OrtValue **outputs) {
  (void)run_options;
  (void)input_names;
  (void)output_names;
  if (input_len != 1 || output_names_len != 1)
    return CreateStatus(ORT_INVALID_ARGUMENT, "the model has one input and one output");
  const OrtValue *in = inputs[0];
  if (!outputs[0])
    outputs[0] = new_value(in->shape, in->rank, NULL);
  else if (outputs[0]->count != in->count)
    return CreateStatus(ORT_INVALID_ARGUMENT, "output shape does not match");
  for (size_t i = 0; i < in->count; i++)
    outputs[0]->data[i] = in->data[i] * (session->doubles ? 2.0f : 1.0f);
  return NULL;
}

static OrtStatus *CreateCpuMemoryInfo(OrtAllocatorType type, OrtMemType mem_type,
                                      OrtMemoryInfo **out) {
  (void)mem_type;
  *out = malloc(sizeof **out);
  (*out)->type = type;
  return NULL;
}
static OrtAllocator default_allocator;
static OrtStatus *GetAllocatorWithDefaultOptions(OrtAllocator **out) {
  *out = &default_allocator;
  return NULL;
}
static OrtStatus *CreateTensorAsOrtValue(OrtAllocator *allocator, const int64_t *shape,
                                         size_t rank, ONNXTensorElementDataType type,
                                         OrtValue **out) {
  (void)allocator;
  if (type != ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT)
    return CreateStatus(ORT_INVALID_ARGUMENT, "only float tensors");
  OrtStatus *bad = check_shape(shape, rank);
  if (bad)
    return bad;
  *out = new_value(shape, rank, NULL);
  return NULL;
}
static OrtStatus *CreateTensorWithDataAsOrtValue(const OrtMemoryInfo *info, void *data,
                                                 size_t data_len, const int64_t *shape,
                                                 size_t rank, ONNXTensorElementDataType type,
                                                 OrtValue **out) {
  (void)info;
  if (type != ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT)
    return CreateStatus(ORT_INVALID_ARGUMENT, "only float tensors");
  OrtStatus *bad = check_shape(shape, rank);
  if (bad)
    return bad;
  OrtValue *v = new_value(shape, rank, data);
  if (v->count * sizeof(float) > data_len) {
    free(v);
    return CreateStatus(ORT_INVALID_ARGUMENT, "buffer too small for the shape");
  }
  *out = v;
  return NULL;
}
static OrtStatus *IsTensor(const OrtValue *value, int *out) {
  *out = value != NULL;
  return NULL;
}
static OrtStatus *GetTensorMutableData(OrtValue *value, void **out) {
  *out = value->data;
  return NULL;
}
static OrtStatus *GetTensorTypeAndShape(const OrtValue *value, OrtTensorTypeAndShapeInfo **out) {
  *out = malloc(sizeof **out);
  (*out)->count = value->count;
  return NULL;
}
static OrtStatus *GetTensorShapeElementCount(const OrtTensorTypeAndShapeInfo *info, size_t *out) {
  *out = info->count;
  return NULL;
}

static void ReleaseEnv(OrtEnv *p) { free(p); }
static void ReleaseStatus(OrtStatus *p) { free(p); }
static void ReleaseMemoryInfo(OrtMemoryInfo *p) { free(p); }
static void ReleaseSession(OrtSession *p) { free(p); }
static void ReleaseValue(OrtValue *v) {
  if (!v)
    return;
  if (v->owns_data)
    free(v->data);
  free(v);
}
static void ReleaseRunOptions(OrtRunOptions *p) { free(p); }
static void ReleaseTensorTypeAndShapeInfo(OrtTensorTypeAndShapeInfo *p) { free(p); }
static void ReleaseSessionOptions(OrtSessionOptions *p) { free(p); }

static const OrtApi api = {
    .CreateStatus = CreateStatus,
    .GetErrorCode = GetErrorCode,
    .GetErrorMessage = GetErrorMessage,
    .CreateEnv = CreateEnv,
    .CreateSessionOptions = CreateSessionOptions,
    .CreateSession = CreateSession,
    .CreateRunOptions = CreateRunOptions,
    .Run = Run,
    .CreateCpuMemoryInfo = CreateCpuMemoryInfo,
    .GetAllocatorWithDefaultOptions = GetAllocatorWithDefaultOptions,
    .CreateTensorAsOrtValue = CreateTensorAsOrtValue,
    .CreateTensorWithDataAsOrtValue = CreateTensorWithDataAsOrtValue,
    .IsTensor = IsTensor,
    .GetTensorMutableData = GetTensorMutableData,
    .GetTensorTypeAndShape = GetTensorTypeAndShape,
    .GetTensorShapeElementCount = GetTensorShapeElementCount,
    .ReleaseEnv = ReleaseEnv,
    .ReleaseStatus = ReleaseStatus,
    .ReleaseMemoryInfo = ReleaseMemoryInfo,
    .ReleaseSession = ReleaseSession,
    .ReleaseValue = ReleaseValue,
    .ReleaseRunOptions = ReleaseRunOptions,
    .ReleaseTensorTypeAndShapeInfo = ReleaseTensorTypeAndShapeInfo,
    .ReleaseSessionOptions = ReleaseSessionOptions,
};

static const OrtApi *GetApi(uint32_t version) { return version <= ORT_API_VERSION ? &api : NULL; }
static const char *GetVersionString(void) { return "1.16.0-tensorscope-test"; }
static const OrtApiBase base = {GetApi, GetVersionString};

const OrtApiBase *OrtGetApiBase(void) { return &base; }
