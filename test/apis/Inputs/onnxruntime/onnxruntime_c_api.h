/* A stand-in for ONNX Runtime's C API header, written for TensorScope's
 * tests (ONNX Runtime is not packaged in Debian).  It declares, with ONNX
 * Runtime's own names and signatures, the part of the API that
 * apis/onnxruntime.yaml describes and the tests call: the OrtApi table of
 * function pointers, reached through OrtGetApiBase()->GetApi(ORT_API_VERSION);
 * OrtStatus * results (NULL = success, otherwise a status the caller
 * releases with ReleaseStatus); objects made through out-parameters and
 * released with the matching Release* member.  The member order is not
 * ONNX Runtime's: descriptions key on names only.  ort_impl.c implements it
 * (a toy "model" that doubles its input) so the tests run. */
#ifndef TSCOPE_TEST_ONNXRUNTIME_C_API_H
#define TSCOPE_TEST_ONNXRUNTIME_C_API_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ORT_API_VERSION 16
typedef char ORTCHAR_T;

typedef struct OrtEnv OrtEnv;
typedef struct OrtStatus OrtStatus;
typedef struct OrtMemoryInfo OrtMemoryInfo;
typedef struct OrtSession OrtSession;
typedef struct OrtSessionOptions OrtSessionOptions;
typedef struct OrtRunOptions OrtRunOptions;
typedef struct OrtValue OrtValue;
typedef struct OrtAllocator OrtAllocator;
typedef struct OrtTensorTypeAndShapeInfo OrtTensorTypeAndShapeInfo;

typedef enum OrtErrorCode {
  ORT_OK,
  ORT_FAIL,
  ORT_INVALID_ARGUMENT,
  ORT_NO_SUCHFILE,
} OrtErrorCode;

typedef enum OrtLoggingLevel {
  ORT_LOGGING_LEVEL_VERBOSE,
  ORT_LOGGING_LEVEL_INFO,
  ORT_LOGGING_LEVEL_WARNING,
  ORT_LOGGING_LEVEL_ERROR,
  ORT_LOGGING_LEVEL_FATAL,
} OrtLoggingLevel;

typedef enum ONNXTensorElementDataType {
  ONNX_TENSOR_ELEMENT_DATA_TYPE_UNDEFINED,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT,
} ONNXTensorElementDataType;

typedef enum OrtAllocatorType { OrtInvalidAllocator = -1, OrtDeviceAllocator = 0, OrtArenaAllocator = 1 } OrtAllocatorType;
typedef enum OrtMemType { OrtMemTypeCPUInput = -2, OrtMemTypeCPUOutput = -1, OrtMemTypeDefault = 0 } OrtMemType;

struct OrtApi {
  OrtStatus *(*CreateStatus)(OrtErrorCode code, const char *msg);
  OrtErrorCode (*GetErrorCode)(const OrtStatus *status);
  const char *(*GetErrorMessage)(const OrtStatus *status);

  OrtStatus *(*CreateEnv)(OrtLoggingLevel log_severity_level, const char *logid, OrtEnv **out);
  OrtStatus *(*CreateSessionOptions)(OrtSessionOptions **options);
  OrtStatus *(*CreateSession)(const OrtEnv *env, const ORTCHAR_T *model_path,
                              const OrtSessionOptions *options, OrtSession **out);
  OrtStatus *(*CreateRunOptions)(OrtRunOptions **out);
  OrtStatus *(*Run)(OrtSession *session, const OrtRunOptions *run_options,
                    const char *const *input_names, const OrtValue *const *inputs,
                    size_t input_len, const char *const *output_names,
                    size_t output_names_len, OrtValue **outputs);

  OrtStatus *(*CreateCpuMemoryInfo)(OrtAllocatorType type, OrtMemType mem_type,
                                    OrtMemoryInfo **out);
  OrtStatus *(*GetAllocatorWithDefaultOptions)(OrtAllocator **out);
  OrtStatus *(*CreateTensorAsOrtValue)(OrtAllocator *allocator, const int64_t *shape,
                                       size_t shape_len, ONNXTensorElementDataType type,
                                       OrtValue **out);
  OrtStatus *(*CreateTensorWithDataAsOrtValue)(const OrtMemoryInfo *info, void *p_data,
                                               size_t p_data_len, const int64_t *shape,
                                               size_t shape_len,
                                               ONNXTensorElementDataType type,
                                               OrtValue **out);
  OrtStatus *(*IsTensor)(const OrtValue *value, int *out);
  OrtStatus *(*GetTensorMutableData)(OrtValue *value, void **out);
  OrtStatus *(*GetTensorTypeAndShape)(const OrtValue *value, OrtTensorTypeAndShapeInfo **out);
  OrtStatus *(*GetTensorShapeElementCount)(const OrtTensorTypeAndShapeInfo *info, size_t *out);

  void (*ReleaseEnv)(OrtEnv *input);
  void (*ReleaseStatus)(OrtStatus *input);
  void (*ReleaseMemoryInfo)(OrtMemoryInfo *input);
  void (*ReleaseSession)(OrtSession *input);
  void (*ReleaseValue)(OrtValue *input);
  void (*ReleaseRunOptions)(OrtRunOptions *input);
  void (*ReleaseTensorTypeAndShapeInfo)(OrtTensorTypeAndShapeInfo *input);
  void (*ReleaseSessionOptions)(OrtSessionOptions *input);
};
typedef struct OrtApi OrtApi;

struct OrtApiBase {
  const OrtApi *(*GetApi)(uint32_t version);
  const char *(*GetVersionString)(void);
};
typedef struct OrtApiBase OrtApiBase;

const OrtApiBase *OrtGetApiBase(void);

#ifdef __cplusplus
}
#endif

#endif
