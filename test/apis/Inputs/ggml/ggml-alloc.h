/* Test API with ggml-alloc's real names and signatures (see ggml.h). */
#ifndef TSCOPE_TEST_GGML_ALLOC_H
#define TSCOPE_TEST_GGML_ALLOC_H

#include "ggml-backend.h"

typedef struct ggml_gallocr * ggml_gallocr_t;

ggml_gallocr_t ggml_gallocr_new(ggml_backend_buffer_type_t buft);
void           ggml_gallocr_free(ggml_gallocr_t galloc);
bool           ggml_gallocr_alloc_graph(ggml_gallocr_t galloc, struct ggml_cgraph * graph);

#endif
