/* A small test API with the TensorFlow C API's real names and signatures
 * (the ones apis/tensorflow.yaml keys on), written for TensorScope's tests:
 * not TensorFlow's header.  The implementation (../../c_api.c) runs one
 * kind of graph, "square": operation "x" is a placeholder, "y" = x * x. */
#ifndef TSCOPE_TEST_TENSORFLOW_C_C_API_H_
#define TSCOPE_TEST_TENSORFLOW_C_C_API_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum TF_DataType { TF_FLOAT = 1, TF_DOUBLE = 2, TF_INT32 = 3 } TF_DataType;

typedef enum TF_Code {
  TF_OK = 0,
  TF_CANCELLED = 1,
  TF_UNKNOWN = 2,
  TF_INVALID_ARGUMENT = 3,
  TF_NOT_FOUND = 5,
  TF_INTERNAL = 13,
} TF_Code;

typedef struct TF_Status TF_Status;
TF_Status* TF_NewStatus(void);
void TF_DeleteStatus(TF_Status*);
void TF_SetStatus(TF_Status* s, TF_Code code, const char* msg);
TF_Code TF_GetCode(const TF_Status* s);
const char* TF_Message(const TF_Status* s);

typedef struct TF_Buffer {
  const void* data;
  size_t length;
  void (*data_deallocator)(void* data, size_t length);
} TF_Buffer;
TF_Buffer* TF_NewBufferFromString(const void* proto, size_t proto_len);
TF_Buffer* TF_NewBuffer(void);
void TF_DeleteBuffer(TF_Buffer*);

typedef struct TF_Tensor TF_Tensor;
TF_Tensor* TF_NewTensor(TF_DataType, const int64_t* dims, int num_dims, void* data, size_t len,
                        void (*deallocator)(void* data, size_t len, void* arg),
                        void* deallocator_arg);
TF_Tensor* TF_AllocateTensor(TF_DataType, const int64_t* dims, int num_dims, size_t len);
void TF_DeleteTensor(TF_Tensor*);
TF_DataType TF_TensorType(const TF_Tensor*);
int TF_NumDims(const TF_Tensor*);
int64_t TF_Dim(const TF_Tensor* tensor, int dim_index);
size_t TF_TensorByteSize(const TF_Tensor*);
void* TF_TensorData(const TF_Tensor*);

typedef struct TF_Graph TF_Graph;
typedef struct TF_Operation TF_Operation;
typedef struct TF_Output {
  TF_Operation* oper;
  int index;
} TF_Output;
typedef struct TF_ImportGraphDefOptions TF_ImportGraphDefOptions;
TF_Graph* TF_NewGraph(void);
void TF_DeleteGraph(TF_Graph*);
TF_ImportGraphDefOptions* TF_NewImportGraphDefOptions(void);
void TF_DeleteImportGraphDefOptions(TF_ImportGraphDefOptions* opts);
void TF_GraphImportGraphDef(TF_Graph* graph, const TF_Buffer* graph_def,
                            const TF_ImportGraphDefOptions* options, TF_Status* status);
TF_Operation* TF_GraphOperationByName(TF_Graph* graph, const char* oper_name);

typedef struct TF_SessionOptions TF_SessionOptions;
typedef struct TF_Session TF_Session;
TF_SessionOptions* TF_NewSessionOptions(void);
void TF_DeleteSessionOptions(TF_SessionOptions*);
TF_Session* TF_NewSession(TF_Graph* graph, const TF_SessionOptions* opts, TF_Status* status);
void TF_CloseSession(TF_Session*, TF_Status* status);
void TF_DeleteSession(TF_Session*, TF_Status* status);
void TF_SessionRun(TF_Session* session,
                   const TF_Buffer* run_options,
                   const TF_Output* inputs, TF_Tensor* const* input_values, int ninputs,
                   const TF_Output* outputs, TF_Tensor** output_values, int noutputs,
                   const TF_Operation* const* target_opers, int ntargets,
                   TF_Buffer* run_metadata,
                   TF_Status* status);

#ifdef __cplusplus
}
#endif

#endif
