// apis/tensorflow.yaml at run time, the correct program: every output,
// input, status, buffer and graph deleted, also on the error path and after
// a failed run.  It behaves exactly as built without the plugin (six
// builds, also under ASan) and gives no report.
// RUN: rm -rf %t.lib && mkdir -p %t.lib
// RUN: %clang -c -O1 -I%api_inputs/tensorflow -o %t.lib/c_api.o %api_inputs/tensorflow/c_api.c
// RUN: env TS_PLUGIN_ARGS=-fplugin-arg-tensorscope-api=tensorflow %same_run %s -I%api_inputs/tensorflow %t.lib/c_api.o
#include "model.h"
#include <stdio.h>

static int predict_one(TF_Session* session, TF_Graph* graph, const char* output, float v, float* y,
                       TF_Status* status) {
  TF_Output in = {TF_GraphOperationByName(graph, "x"), 0};
  TF_Output out = {TF_GraphOperationByName(graph, output), 0};
  int64_t dims[1] = {1};
  TF_Tensor* x = TF_AllocateTensor(TF_FLOAT, dims, 1, sizeof(float));
  if (!x)
    return -1;
  *(float*)TF_TensorData(x) = v;
  TF_Tensor* result = NULL;
  TF_SessionRun(session, NULL, &in, &x, 1, &out, &result, 1, NULL, 0, NULL, status);
  TF_DeleteTensor(x);
  if (TF_GetCode(status) != TF_OK) {
    printf("run failed: %s\n", TF_Message(status));
    return -1;
  }
  *y = *(float*)TF_TensorData(result);
  TF_DeleteTensor(result);
  return 0;
}

int main(void) {
  TF_Status* status = TF_NewStatus();
  TF_Graph* graph = load_graph(status);
  if (!graph) {
    TF_DeleteStatus(status);
    return 1;
  }
  TF_SessionOptions* opts = TF_NewSessionOptions();
  TF_Session* session = TF_NewSession(graph, opts, status);
  TF_DeleteSessionOptions(opts);

  TF_Output in = {TF_GraphOperationByName(graph, "x"), 0};
  TF_Output out = {TF_GraphOperationByName(graph, "y"), 0};
  TF_Tensor* result[1] = {NULL};
  float xs[3] = {1, 2, 3};
  for (int i = 0; i < 3; i++) {
    int64_t dims[1] = {1};
    TF_Tensor* x = TF_NewTensor(TF_FLOAT, dims, 1, &xs[i], sizeof(float), NULL, NULL);
    TF_SessionRun(session, NULL, &in, &x, 1, &out, result, 1, NULL, 0, NULL, status);
    TF_DeleteTensor(x);
    if (TF_GetCode(status) == TF_OK) {
      printf("%g^2 = %g\n", xs[i], *(float*)TF_TensorData(result[0]));
      TF_DeleteTensor(result[0]);
    }
  }
  {
    int64_t dims[1] = {1};
    TF_Tensor* x = TF_NewTensor(TF_FLOAT, dims, 1, &xs[1], sizeof(float), NULL, NULL);
    TF_Output outs[2] = {in, out};
    TF_Tensor* results[2];
    TF_SessionRun(session, NULL, &in, &x, 1, outs, results, 2, NULL, 0, NULL, status);
    TF_DeleteTensor(x);
    if (TF_GetCode(status) == TF_OK) {
      printf("x = %g, y = %g\n", *(float*)TF_TensorData(results[0]), *(float*)TF_TensorData(results[1]));
      TF_DeleteTensor(results[0]);
      TF_DeleteTensor(results[1]);
    }
  }
  float y = 0;
  predict_one(session, graph, "y", 4, &y, status);
  printf("4^2 = %g\n", y);
  if (predict_one(session, graph, "nope", 5, &y, status) != 0)
    printf("the error path was taken\n");

  TF_CloseSession(session, status);
  TF_DeleteSession(session, status);
  TF_DeleteGraph(graph);
  TF_DeleteStatus(status);
  return 0;
}
