// apis/tensorflow.yaml, lint: the fixed versions of tensorflow-lint-leak.c.
// No output exists when the status says the run failed (TF_GetCode(status)
// != TF_OK), so the failure paths owe nothing for it; several outputs per
// run, deleted by index or in a loop, stay quiet too.  (The `*$N` form: outarray-lint.c.)
// RUN: %clang %tscope_plugin -fsyntax-only -fplugin-arg-tensorscope-api=tensorflow -I%api_inputs/tensorflow %s -Xclang -verify
// All shipped descriptions at once: the same.
// RUN: %clang %tscope_plugin -fsyntax-only -fplugin-arg-tensorscope-api=ggml -fplugin-arg-tensorscope-api=tensorflow -fplugin-arg-tensorscope-api=gsl -I%api_inputs/tensorflow %s -Xclang -verify
// expected-no-diagnostics
#include "model.h"
#include <stdio.h>

float predict_all(TF_Session* session, TF_Graph* graph, const float* xs, int n, TF_Status* status) {
  TF_Output in = {TF_GraphOperationByName(graph, "x"), 0};
  TF_Output out = {TF_GraphOperationByName(graph, "y"), 0};
  TF_Tensor* result[1] = {NULL};
  float sum = 0;
  for (int i = 0; i < n; i++) {
    int64_t dims[1] = {1};
    TF_Tensor* x = TF_AllocateTensor(TF_FLOAT, dims, 1, sizeof(float));
    if (!x)
      break;
    *(float*)TF_TensorData(x) = xs[i];
    TF_SessionRun(session, NULL, &in, &x, 1, &out, result, 1, NULL, 0, NULL, status);
    TF_DeleteTensor(x);
    if (TF_GetCode(status) != TF_OK)
      return -1;
    sum += *(float*)TF_TensorData(result[0]);
    TF_DeleteTensor(result[0]);
  }
  return sum;
}

int predict_one(TF_Session* session, TF_Graph* graph, float v, float* y, TF_Status* status) {
  TF_Output in = {TF_GraphOperationByName(graph, "x"), 0};
  TF_Output out = {TF_GraphOperationByName(graph, "y"), 0};
  int64_t dims[1] = {1};
  TF_Tensor* x = TF_AllocateTensor(TF_FLOAT, dims, 1, sizeof(float));
  if (!x)
    return -1;
  *(float*)TF_TensorData(x) = v;
  TF_Tensor* result = NULL;
  TF_SessionRun(session, NULL, &in, &x, 1, &out, &result, 1, NULL, 0, NULL, status);
  TF_DeleteTensor(x);
  TF_Code code = TF_GetCode(status);
  if (code != TF_OK) {
    fprintf(stderr, "run failed: %s\n", TF_Message(status));
    return -1;
  }
  *y = *(float*)TF_TensorData(result);
  TF_DeleteTensor(result);
  return 0;
}

// Both outputs of one run, followed as a group: deleting them ends it.
float predict_two(TF_Session* session, TF_Graph* graph, TF_Tensor* x, TF_Status* status) {
  TF_Output in = {TF_GraphOperationByName(graph, "x"), 0};
  TF_Output outs[2] = {{TF_GraphOperationByName(graph, "x"), 0},
                       {TF_GraphOperationByName(graph, "y"), 0}};
  TF_Tensor* results[2];
  TF_SessionRun(session, NULL, &in, &x, 1, outs, results, 2, NULL, 0, NULL, status);
  if (TF_GetCode(status) != TF_OK)
    return -1;
  float r = *(float*)TF_TensorData(results[1]);
  TF_DeleteTensor(results[0]);
  TF_DeleteTensor(results[1]);
  return r;
}

// Two outputs per run in a loop, each run's deleted in a loop of its own
// (the lint stops following the group at the first delete, never a double
// release).
float predict_pairs(TF_Session* session, TF_Graph* graph, TF_Tensor* x, int n,
                    TF_Status* status) {
  TF_Output in = {TF_GraphOperationByName(graph, "x"), 0};
  TF_Output outs[2] = {{TF_GraphOperationByName(graph, "x"), 0},
                       {TF_GraphOperationByName(graph, "y"), 0}};
  TF_Tensor* results[2] = {NULL, NULL};
  float sum = 0;
  for (int i = 0; i < n; i++) {
    TF_SessionRun(session, NULL, &in, &x, 1, outs, results, 2, NULL, 0, NULL, status);
    if (TF_GetCode(status) != TF_OK)
      return -1;
    sum += *(float*)TF_TensorData(results[1]);
    for (int k = 0; k < 2; k++)
      TF_DeleteTensor(results[k]);
  }
  return sum;
}

// The outputs handed to a cleanup helper of the program's own.
static void delete_all(TF_Tensor** ts, int n) {
  for (int i = 0; i < n; i++)
    TF_DeleteTensor(ts[i]);
}

float predict_helper(TF_Session* session, TF_Graph* graph, TF_Tensor* x, TF_Status* status) {
  TF_Output in = {TF_GraphOperationByName(graph, "x"), 0};
  TF_Output outs[3] = {{TF_GraphOperationByName(graph, "x"), 0},
                       {TF_GraphOperationByName(graph, "y"), 0},
                       {TF_GraphOperationByName(graph, "y"), 0}};
  TF_Tensor* results[3];
  TF_SessionRun(session, NULL, &in, &x, 1, outs, results, 3, NULL, 0, NULL, status);
  if (TF_GetCode(status) != TF_OK)
    return -1;
  float r = *(float*)TF_TensorData(results[2]);
  delete_all(results, 3);
  return r;
}

int graph_ok(void) {
  TF_Status* status = TF_NewStatus();
  TF_Graph* graph = load_graph(status);
  int ok = graph != NULL;
  TF_DeleteGraph(graph);
  TF_DeleteStatus(status);
  return ok;
}
