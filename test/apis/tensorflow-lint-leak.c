// apis/tensorflow.yaml, lint: the classic TF C leaks.  TF_SessionRun's
// output overwritten by the next run, an input tensor forgotten on the
// error path, a status never deleted.
// RUN: %clang %tscope_plugin -fsyntax-only -fplugin-arg-tensorscope-api=tensorflow -I%api_inputs/tensorflow %s -Xclang -verify -Xclang -verify-ignore-unexpected=note
#include "model.h"
#include <stdio.h>

// Runs the model on each input; the outputs of every run but the last leak.
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
    TF_SessionRun(session, NULL, &in, &x, 1, &out, result, 1, NULL, 0, NULL, status); // expected-warning {{the tensor created by 'TF_SessionRun' leaks: overwritten by the call to 'TF_SessionRun'}}
    TF_DeleteTensor(x);
    if (TF_GetCode(status) != TF_OK)
      return -1;
    sum += *(float*)TF_TensorData(result[0]);
  }
  TF_DeleteTensor(result[0]);
  return sum;
}

// The input is not deleted when the run fails.
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
  if (TF_GetCode(status) != TF_OK) {
    fprintf(stderr, "run failed: %s\n", TF_Message(status));
    return -1; // expected-warning {{the tensor created by 'TF_AllocateTensor' is never released: it leaks at this return}}
  }
  *y = *(float*)TF_TensorData(result);
  TF_DeleteTensor(result);
  TF_DeleteTensor(x);
  return 0;
}

// A status made per call and never deleted.
int graph_ok(void) {
  TF_Status* status = TF_NewStatus();
  TF_Graph* graph = load_graph(status);
  int ok = graph != NULL;
  TF_DeleteGraph(graph);
  return ok; // expected-warning {{the tensor created by 'TF_NewStatus' is never released: it leaks at this return}}
}

// Two outputs per run, overwritten by the next run: both leak each time.
float predict_pairs(TF_Session* session, TF_Graph* graph, TF_Tensor* x, int n,
                    TF_Status* status) {
  TF_Output in = {TF_GraphOperationByName(graph, "x"), 0};
  TF_Output outs[2] = {{TF_GraphOperationByName(graph, "x"), 0},
                       {TF_GraphOperationByName(graph, "y"), 0}};
  TF_Tensor* results[2] = {NULL, NULL};
  float sum = 0;
  for (int i = 0; i < n; i++) {
    TF_SessionRun(session, NULL, &in, &x, 1, outs, results, 2, NULL, 0, NULL, status); // expected-warning {{the 2 tensors created by 'TF_SessionRun' leak: overwritten by the call to 'TF_SessionRun' while it still holds them (the tensors from the previous loop iteration)}}
    if (TF_GetCode(status) != TF_OK)
      return -1;
    sum += *(float*)TF_TensorData(results[1]);
  }
  TF_DeleteTensor(results[0]);
  TF_DeleteTensor(results[1]);
  return sum;
}

// Three outputs, read and never deleted.
float predict_three(TF_Session* session, TF_Graph* graph, TF_Tensor* x, TF_Status* status) {
  TF_Output in = {TF_GraphOperationByName(graph, "x"), 0};
  TF_Output outs[3] = {{TF_GraphOperationByName(graph, "x"), 0},
                       {TF_GraphOperationByName(graph, "y"), 0},
                       {TF_GraphOperationByName(graph, "y"), 0}};
  TF_Tensor* results[3];
  TF_SessionRun(session, NULL, &in, &x, 1, outs, results, 3, NULL, 0, NULL, status);
  if (TF_GetCode(status) != TF_OK)
    return -1;
  return *(float*)TF_TensorData(results[2]); // expected-warning {{the 3 tensors created by 'TF_SessionRun' are never released: they leak at this return}}
}
