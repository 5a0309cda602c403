/* Plain C implementation of the test API in tensorflow/c/c_api.h: tensors,
 * statuses, buffers, graphs and sessions on the heap; TF_SessionRun
 * computes "y" = x * x of a "square" graph into new output tensors, and on
 * failure sets the status and leaves every output NULL (as TF does). */
#include "tensorflow/c/c_api.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct TF_Status { TF_Code code; char msg[128]; };
struct TF_Tensor {
  TF_DataType type;
  int num_dims;
  int64_t dims[8];
  void* data;
  size_t len;
  void (*deallocator)(void*, size_t, void*);
  void* arg;
};
struct TF_Operation { const char* name; };
struct TF_Graph { int ops; struct TF_Operation x, y; };
struct TF_ImportGraphDefOptions { int unused; };
struct TF_SessionOptions { int unused; };
struct TF_Session { TF_Graph* graph; int closed; };

TF_Status* TF_NewStatus(void) {
  TF_Status* s = calloc(1, sizeof *s);
  if (!s)
    abort(); /* TF's is a C++ new: it never returns NULL */
  return s;
}
void TF_DeleteStatus(TF_Status* s) { free(s); }
void TF_SetStatus(TF_Status* s, TF_Code code, const char* msg) {
  s->code = code;
  snprintf(s->msg, sizeof s->msg, "%s", msg);
}
TF_Code TF_GetCode(const TF_Status* s) { return s->code; }
const char* TF_Message(const TF_Status* s) { return s->msg; }

static void free_copy(void* data, size_t length) { (void)length; free(data); }
TF_Buffer* TF_NewBuffer(void) { return calloc(1, sizeof(TF_Buffer)); }
TF_Buffer* TF_NewBufferFromString(const void* proto, size_t proto_len) {
  TF_Buffer* b = TF_NewBuffer();
  void* copy = malloc(proto_len ? proto_len : 1);
  if (!b || !copy) {
    free(b);
    free(copy);
    return NULL;
  }
  memcpy(copy, proto, proto_len);
  b->data = copy;
  b->length = proto_len;
  b->data_deallocator = free_copy;
  return b;
}
void TF_DeleteBuffer(TF_Buffer* b) {
  if (!b)
    return;
  if (b->data_deallocator)
    b->data_deallocator((void*)b->data, b->length);
  free(b);
}

static size_t elem_size(TF_DataType t) { return t == TF_DOUBLE ? 8 : 4; }
static size_t byte_count(TF_DataType t, const int64_t* dims, int num_dims) {
  size_t n = elem_size(t);
  for (int i = 0; i < num_dims; i++)
    n *= (size_t)dims[i];
  return n;
}

TF_Tensor* TF_NewTensor(TF_DataType type, const int64_t* dims, int num_dims, void* data, size_t len,
                        void (*deallocator)(void* data, size_t len, void* arg), void* deallocator_arg) {
  if (num_dims < 0 || num_dims > 8 || len != byte_count(type, dims, num_dims))
    return NULL; /* as TF: a size that does not match the shape */
  TF_Tensor* t = calloc(1, sizeof *t);
  if (!t)
    return NULL;
  t->type = type;
  t->num_dims = num_dims;
  memcpy(t->dims, dims, sizeof(int64_t) * (size_t)num_dims);
  t->data = data;
  t->len = len;
  t->deallocator = deallocator;
  t->arg = deallocator_arg;
  return t;
}
static void free_data(void* data, size_t len, void* arg) { (void)len; (void)arg; free(data); }
TF_Tensor* TF_AllocateTensor(TF_DataType type, const int64_t* dims, int num_dims, size_t len) {
  void* data = calloc(1, len ? len : 1);
  if (!data)
    return NULL;
  TF_Tensor* t = TF_NewTensor(type, dims, num_dims, data, len, free_data, NULL);
  if (!t)
    free(data);
  return t;
}
void TF_DeleteTensor(TF_Tensor* t) {
  if (t == NULL)
    return;
  if (t->deallocator)
    t->deallocator(t->data, t->len, t->arg);
  free(t);
}
TF_DataType TF_TensorType(const TF_Tensor* t) { return t->type; }
int TF_NumDims(const TF_Tensor* t) { return t->num_dims; }
int64_t TF_Dim(const TF_Tensor* t, int i) { return t->dims[i]; }
size_t TF_TensorByteSize(const TF_Tensor* t) { return t->len; }
void* TF_TensorData(const TF_Tensor* t) { return t->data; }

TF_Graph* TF_NewGraph(void) { return calloc(1, sizeof(TF_Graph)); }
void TF_DeleteGraph(TF_Graph* g) { free(g); }
TF_ImportGraphDefOptions* TF_NewImportGraphDefOptions(void) { return calloc(1, sizeof(TF_ImportGraphDefOptions)); }
void TF_DeleteImportGraphDefOptions(TF_ImportGraphDefOptions* o) { free(o); }
void TF_GraphImportGraphDef(TF_Graph* graph, const TF_Buffer* graph_def,
                            const TF_ImportGraphDefOptions* options, TF_Status* status) {
  (void)options;
  if (graph_def->length != 6 || memcmp(graph_def->data, "square", 6) != 0) {
    TF_SetStatus(status, TF_INVALID_ARGUMENT, "unknown graph");
    return;
  }
  graph->ops = 2;
  graph->x.name = "x";
  graph->y.name = "y";
  TF_SetStatus(status, TF_OK, "");
}
TF_Operation* TF_GraphOperationByName(TF_Graph* graph, const char* name) {
  if (graph->ops && strcmp(name, "x") == 0)
    return &graph->x;
  if (graph->ops && strcmp(name, "y") == 0)
    return &graph->y;
  return NULL;
}

TF_SessionOptions* TF_NewSessionOptions(void) { return calloc(1, sizeof(TF_SessionOptions)); }
void TF_DeleteSessionOptions(TF_SessionOptions* o) { free(o); }
TF_Session* TF_NewSession(TF_Graph* graph, const TF_SessionOptions* opts, TF_Status* status) {
  (void)opts;
  TF_Session* s = calloc(1, sizeof *s);
  if (!s) {
    TF_SetStatus(status, TF_INTERNAL, "out of memory");
    return NULL;
  }
  s->graph = graph;
  TF_SetStatus(status, TF_OK, "");
  return s;
}
void TF_CloseSession(TF_Session* s, TF_Status* status) {
  s->closed = 1;
  TF_SetStatus(status, TF_OK, "");
}
void TF_DeleteSession(TF_Session* s, TF_Status* status) {
  free(s);
  TF_SetStatus(status, TF_OK, "");
}

void TF_SessionRun(TF_Session* session, const TF_Buffer* run_options,
                   const TF_Output* inputs, TF_Tensor* const* input_values, int ninputs,
                   const TF_Output* outputs, TF_Tensor** output_values, int noutputs,
                   const TF_Operation* const* target_opers, int ntargets,
                   TF_Buffer* run_metadata, TF_Status* status) {
  (void)run_options; (void)target_opers; (void)ntargets; (void)run_metadata;
  for (int i = 0; i < noutputs; i++)
    output_values[i] = NULL;
  const TF_Tensor* x = NULL;
  for (int i = 0; i < ninputs; i++)
    if (inputs[i].oper == &session->graph->x)
      x = input_values[i];
  if (session->closed || !x || x->type != TF_FLOAT) {
    TF_SetStatus(status, TF_INVALID_ARGUMENT, session->closed ? "session closed" : "input 'x' (float) missing");
    return;
  }
  for (int i = 0; i < noutputs; i++)
    if (outputs[i].oper != &session->graph->y && outputs[i].oper != &session->graph->x) {
      TF_SetStatus(status, TF_NOT_FOUND, "unknown output");
      return;
    }
  for (int i = 0; i < noutputs; i++) {
    TF_Tensor* y = TF_AllocateTensor(TF_FLOAT, x->dims, x->num_dims, x->len);
    const float* in = x->data;
    float* out = y->data;
    int square = outputs[i].oper == &session->graph->y;
    for (size_t k = 0; k < x->len / 4; k++)
      out[k] = square ? in[k] * in[k] : in[k];
    output_values[i] = y;
  }
  TF_SetStatus(status, TF_OK, "");
}
