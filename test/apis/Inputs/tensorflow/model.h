/* Shared setup of the TensorFlow test programs: a session over the test
 * API's "square" graph (y = x * x). */
#include "tensorflow/c/c_api.h"

static TF_Graph* load_graph(TF_Status* status) {
  TF_Graph* graph = TF_NewGraph();
  TF_Buffer* def = TF_NewBufferFromString("square", 6);
  TF_ImportGraphDefOptions* opts = TF_NewImportGraphDefOptions();
  TF_GraphImportGraphDef(graph, def, opts, status);
  TF_DeleteImportGraphDefOptions(opts);
  TF_DeleteBuffer(def);
  if (TF_GetCode(status) != TF_OK) {
    TF_DeleteGraph(graph);
    return NULL;
  }
  return graph;
}
