// apis/tensorflow.yaml at run time: TF_SessionRun's outputs are tracked per
// element of the output array, only when TF_GetCode(status) == TF_OK; each
// leaked one is reported at exit with the user's line, a deleted one never
// is.  At -O0 and -O2, with and without -g; the output is the plain build's.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -c -O1 -I%api_inputs/tensorflow -o %t/c_api.o %api_inputs/tensorflow/c_api.c
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-api=tensorflow -fplugin-arg-tensorscope-lint=0 -I%api_inputs/tensorflow -O0 -o %t/leak0 %s %t/c_api.o %rtlib
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-api=tensorflow -fplugin-arg-tensorscope-lint=0 -I%api_inputs/tensorflow -O2 -o %t/leak2 %s %t/c_api.o %rtlib
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-api=tensorflow -fplugin-arg-tensorscope-lint=0 -I%api_inputs/tensorflow -O2 -g -o %t/leak2g %s %t/c_api.o %rtlib
// RUN: %clang -I%api_inputs/tensorflow -O2 -o %t/plain %s %t/c_api.o
// RUN: %t/plain > %t/plain.out 2>&1
// RUN: %t/leak0 > %t/leak0.out 2> %t/leak0.err
// RUN: %t/leak2 > %t/leak2.out 2> %t/leak2.err
// RUN: %t/leak2g > %t/leak2g.out 2> %t/leak2g.err
// RUN: FileCheck %s --check-prefix=OUT < %t/plain.out
// RUN: diff %t/plain.out %t/leak0.out
// RUN: diff %t/plain.out %t/leak2.out
// RUN: diff %t/plain.out %t/leak2g.out
// RUN: FileCheck %s < %t/leak0.err
// RUN: FileCheck %s < %t/leak2.err
// RUN: FileCheck %s < %t/leak2g.err
#include "model.h"
#include <stdio.h>

// The input is not deleted when the run fails.
static int predict_one(TF_Session* session, TF_Graph* graph, const char* output, float v, float* y,
                       TF_Status* status) {
  TF_Output in = {TF_GraphOperationByName(graph, "x"), 0};
  TF_Output out = {TF_GraphOperationByName(graph, output), 0};
  int64_t dims[1] = {1};
  TF_Tensor* x = TF_AllocateTensor(TF_FLOAT, dims, 1, sizeof(float)); // CHECK-DAG: TensorScope: 1 tensor created at {{.*}}tensorflow-run-leak.c:[[#@LINE]] in predict_one (TF_AllocateTensor)
  if (!x)
    return -1;
  *(float*)TF_TensorData(x) = v;
  TF_Tensor* result = NULL;
  TF_SessionRun(session, NULL, &in, &x, 1, &out, &result, 1, NULL, 0, NULL, status);
  if (TF_GetCode(status) != TF_OK) {
    printf("run failed: %s\n", TF_Message(status));
    return -1; // x leaks here
  }
  *y = *(float*)TF_TensorData(result);
  TF_DeleteTensor(result);
  TF_DeleteTensor(x);
  return 0;
}

int main(void) {
  TF_Status* status = TF_NewStatus(); // CHECK-DAG: TensorScope: 1 tensor created at {{.*}}tensorflow-run-leak.c:[[#@LINE]] in main (TF_NewStatus)
  TF_Graph* graph = load_graph(status);
  TF_SessionOptions* opts = TF_NewSessionOptions();
  TF_Session* session = TF_NewSession(graph, opts, status);
  TF_DeleteSessionOptions(opts);

  // The classic: each run overwrites the last run's output.
  TF_Output in = {TF_GraphOperationByName(graph, "x"), 0};
  TF_Output out = {TF_GraphOperationByName(graph, "y"), 0};
  TF_Tensor* result[1] = {NULL};
  float xs[3] = {1, 2, 3};
  for (int i = 0; i < 3; i++) {
    int64_t dims[1] = {1};
    TF_Tensor* x = TF_NewTensor(TF_FLOAT, dims, 1, &xs[i], sizeof(float), NULL, NULL);
    TF_SessionRun(session, NULL, &in, &x, 1, &out, result, 1, NULL, 0, NULL, status); // CHECK-DAG: TensorScope: 2 tensors created at {{.*}}tensorflow-run-leak.c:[[#@LINE]] in main (TF_SessionRun)
    TF_DeleteTensor(x);
    if (TF_GetCode(status) == TF_OK)
      printf("%g^2 = %g\n", xs[i], *(float*)TF_TensorData(result[0]));
  }
  TF_DeleteTensor(result[0]);

  // Two outputs; only the second is deleted.
  {
    int64_t dims[1] = {1};
    TF_Tensor* x = TF_NewTensor(TF_FLOAT, dims, 1, &xs[1], sizeof(float), NULL, NULL);
    TF_Output outs[2] = {in, out};
    TF_Tensor* results[2];
    TF_SessionRun(session, NULL, &in, &x, 1, outs, results, 2, NULL, 0, NULL, status); // CHECK-DAG: TensorScope: 1 tensor created at {{.*}}tensorflow-run-leak.c:[[#@LINE]] in main (TF_SessionRun)
    TF_DeleteTensor(x);
    if (TF_GetCode(status) == TF_OK) {
      printf("x = %g, y = %g\n", *(float*)TF_TensorData(results[0]), *(float*)TF_TensorData(results[1]));
      TF_DeleteTensor(results[1]);
    }
  }

  // A failed run: its outputs are never tracked (the status says failure).
  float y = 0;
  predict_one(session, graph, "y", 4, &y, status);
  printf("4^2 = %g\n", y);
  if (predict_one(session, graph, "nope", 5, &y, status) != 0)
    printf("the error path was taken\n");

  TF_CloseSession(session, status);
  TF_DeleteSession(session, status);
  TF_DeleteGraph(graph);
  return 0; // status is never deleted
}
// OUT: 1^2 = 1
// OUT: 2^2 = 4
// OUT: 3^2 = 9
// OUT: x = 2, y = 4
// OUT: 4^2 = 16
// OUT: run failed: unknown output
// OUT: the error path was taken
// CHECK: TensorScope: 5 tensors leaked from 4 sites
