/* Test API with ggml-backend's real names and signatures (see ggml.h). */
#ifndef TSCOPE_TEST_GGML_BACKEND_H
#define TSCOPE_TEST_GGML_BACKEND_H

#include "ggml.h"

typedef struct ggml_backend_buffer_type * ggml_backend_buffer_type_t;
typedef struct ggml_backend_buffer * ggml_backend_buffer_t;
typedef struct ggml_backend * ggml_backend_t;

ggml_backend_t             ggml_backend_cpu_init(void);
void                       ggml_backend_free(ggml_backend_t backend);
ggml_backend_buffer_type_t ggml_backend_cpu_buffer_type(void);
ggml_backend_buffer_t      ggml_backend_alloc_ctx_tensors(struct ggml_context * ctx, ggml_backend_t backend);
void                       ggml_backend_buffer_free(ggml_backend_buffer_t buffer);
size_t                     ggml_backend_buffer_get_size(ggml_backend_buffer_t buffer);
enum ggml_status           ggml_backend_graph_compute(ggml_backend_t backend, struct ggml_cgraph * cgraph);

#endif
