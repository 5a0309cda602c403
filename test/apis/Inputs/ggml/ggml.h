/* A small arena-shaped test API with ggml's real names and signatures
 * (the ones apis/ggml.yaml keys on), written for TensorScope's tests: not
 * ggml's header.  As in ggml, every tensor and graph lives in the memory of
 * the context it was made in; ggml_free(ctx) frees them all at once. */
#ifndef TSCOPE_TEST_GGML_H
#define TSCOPE_TEST_GGML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GGML_MAX_DIMS 4

enum ggml_type { GGML_TYPE_F32 = 0, GGML_TYPE_I32 = 26 };

enum ggml_status {
    GGML_STATUS_ALLOC_FAILED = -2,
    GGML_STATUS_FAILED = -1,
    GGML_STATUS_SUCCESS = 0,
    GGML_STATUS_ABORTED = 1,
};

struct ggml_init_params {
    size_t mem_size;   /* bytes of the arena */
    void * mem_buffer; /* NULL: ggml_init allocates it */
    bool   no_alloc;   /* true: tensors get no data */
};

struct ggml_tensor {
    enum ggml_type type;
    int64_t ne[GGML_MAX_DIMS];
    int op;
    struct ggml_tensor * src[2];
    float scale;
    void * data;
    char name[64];
};

struct ggml_context;
struct ggml_cgraph;

size_t ggml_tensor_overhead(void);
size_t ggml_graph_overhead(void);

struct ggml_context * ggml_init(struct ggml_init_params params);
void                  ggml_free(struct ggml_context * ctx);
size_t                ggml_used_mem(const struct ggml_context * ctx);

struct ggml_tensor * ggml_new_tensor(struct ggml_context * ctx, enum ggml_type type, int n_dims, const int64_t * ne);
struct ggml_tensor * ggml_new_tensor_1d(struct ggml_context * ctx, enum ggml_type type, int64_t ne0);
struct ggml_tensor * ggml_new_tensor_2d(struct ggml_context * ctx, enum ggml_type type, int64_t ne0, int64_t ne1);
struct ggml_tensor * ggml_dup_tensor(struct ggml_context * ctx, const struct ggml_tensor * src);
struct ggml_tensor * ggml_view_1d(struct ggml_context * ctx, struct ggml_tensor * a, int64_t ne0, size_t offset);
struct ggml_tensor * ggml_get_tensor(struct ggml_context * ctx, const char * name);
struct ggml_tensor * ggml_get_first_tensor(const struct ggml_context * ctx);
struct ggml_tensor * ggml_get_next_tensor(const struct ggml_context * ctx, struct ggml_tensor * tensor);
struct ggml_tensor * ggml_set_name(struct ggml_tensor * tensor, const char * name);

struct ggml_tensor * ggml_add(struct ggml_context * ctx, struct ggml_tensor * a, struct ggml_tensor * b);
struct ggml_tensor * ggml_mul(struct ggml_context * ctx, struct ggml_tensor * a, struct ggml_tensor * b);
struct ggml_tensor * ggml_mul_mat(struct ggml_context * ctx, struct ggml_tensor * a, struct ggml_tensor * b);
struct ggml_tensor * ggml_scale(struct ggml_context * ctx, struct ggml_tensor * a, float s);
struct ggml_tensor * ggml_relu(struct ggml_context * ctx, struct ggml_tensor * a);

struct ggml_cgraph * ggml_new_graph(struct ggml_context * ctx);
void                 ggml_build_forward_expand(struct ggml_cgraph * cgraph, struct ggml_tensor * tensor);
int                  ggml_graph_n_nodes(struct ggml_cgraph * cgraph);
struct ggml_tensor * ggml_graph_node(struct ggml_cgraph * cgraph, int i);
enum ggml_status     ggml_graph_compute_with_ctx(struct ggml_context * ctx, struct ggml_cgraph * cgraph, int n_threads);

struct ggml_tensor * ggml_set_f32(struct ggml_tensor * tensor, float value);
float   ggml_get_f32_1d(const struct ggml_tensor * tensor, int i);
void    ggml_set_f32_1d(const struct ggml_tensor * tensor, int i, float value);
void *  ggml_get_data(const struct ggml_tensor * tensor);
float * ggml_get_data_f32(const struct ggml_tensor * tensor);
int64_t ggml_nelements(const struct ggml_tensor * tensor);

/* gguf: a key/value file format; its contexts are heap objects of their own. */
struct gguf_context;
struct gguf_init_params {
    bool no_alloc;
    struct ggml_context ** ctx;
};
struct gguf_context * gguf_init_empty(void);
struct gguf_context * gguf_init_from_file(const char * fname, struct gguf_init_params params);
void                  gguf_free(struct gguf_context * ctx);
int64_t               gguf_get_n_kv(const struct gguf_context * ctx);
void                  gguf_set_val_u32(struct gguf_context * ctx, const char * key, uint32_t val);
bool                  gguf_write_to_file(const struct gguf_context * ctx, const char * fname, bool only_meta);

#endif
