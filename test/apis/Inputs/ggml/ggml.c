/* Plain C implementation of the arena-shaped test API in ggml.h: every
 * tensor and graph is carved from its context's one buffer; ggml_free
 * releases the buffer and with it everything made in the context. */
#include "ggml-alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OP_NONE, OP_ADD, OP_MUL, OP_MUL_MAT, OP_SCALE, OP_RELU, OP_VIEW };
enum { MAX_NODES = 256 };

struct ggml_object { struct ggml_tensor * tensor; struct ggml_object * next; };

struct ggml_context {
    char * buf;
    size_t size, used;
    bool owns_buf, no_alloc;
    struct ggml_object * first, * last;
};

struct ggml_cgraph {
    int n_nodes;
    struct ggml_tensor * nodes[MAX_NODES];
};

size_t ggml_tensor_overhead(void) { return sizeof(struct ggml_tensor) + sizeof(struct ggml_object) + 16; }
size_t ggml_graph_overhead(void) { return sizeof(struct ggml_cgraph) + 16; }

static void * arena(struct ggml_context * ctx, size_t n) {
    size_t at = (ctx->used + 15) & ~(size_t)15;
    if (at + n > ctx->size) {
        fprintf(stderr, "ggml: context out of memory (%zu of %zu bytes used)\n", ctx->used, ctx->size);
        abort();
    }
    ctx->used = at + n;
    return ctx->buf + at;
}

struct ggml_context * ggml_init(struct ggml_init_params params) {
    struct ggml_context * ctx = malloc(sizeof *ctx);
    if (!ctx)
        return NULL;
    ctx->owns_buf = params.mem_buffer == NULL;
    ctx->buf = ctx->owns_buf ? malloc(params.mem_size) : params.mem_buffer;
    if (!ctx->buf) {
        free(ctx);
        return NULL;
    }
    ctx->size = params.mem_size;
    ctx->used = 0;
    ctx->no_alloc = params.no_alloc;
    ctx->first = ctx->last = NULL;
    return ctx;
}

void ggml_free(struct ggml_context * ctx) {
    if (ctx == NULL)
        return;
    if (ctx->owns_buf)
        free(ctx->buf);
    free(ctx);
}

size_t ggml_used_mem(const struct ggml_context * ctx) { return ctx->used; }

int64_t ggml_nelements(const struct ggml_tensor * t) {
    return t->ne[0] * t->ne[1] * t->ne[2] * t->ne[3];
}

static struct ggml_tensor * new_tensor(struct ggml_context * ctx, enum ggml_type type, int n_dims,
                                       const int64_t * ne, void * data) {
    struct ggml_object * obj = arena(ctx, sizeof *obj);
    struct ggml_tensor * t = arena(ctx, sizeof *t);
    memset(t, 0, sizeof *t);
    t->type = type;
    for (int i = 0; i < GGML_MAX_DIMS; i++)
        t->ne[i] = i < n_dims ? ne[i] : 1;
    t->scale = 1.0f;
    t->data = data;
    if (!t->data && !ctx->no_alloc)
        t->data = arena(ctx, (size_t)ggml_nelements(t) * 4);
    obj->tensor = t;
    obj->next = NULL;
    if (ctx->last)
        ctx->last->next = obj;
    else
        ctx->first = obj;
    ctx->last = obj;
    return t;
}

struct ggml_tensor * ggml_new_tensor(struct ggml_context * ctx, enum ggml_type type, int n_dims, const int64_t * ne) {
    return new_tensor(ctx, type, n_dims, ne, NULL);
}
struct ggml_tensor * ggml_new_tensor_1d(struct ggml_context * ctx, enum ggml_type type, int64_t ne0) {
    return new_tensor(ctx, type, 1, &ne0, NULL);
}
struct ggml_tensor * ggml_new_tensor_2d(struct ggml_context * ctx, enum ggml_type type, int64_t ne0, int64_t ne1) {
    int64_t ne[2] = {ne0, ne1};
    return new_tensor(ctx, type, 2, ne, NULL);
}
struct ggml_tensor * ggml_dup_tensor(struct ggml_context * ctx, const struct ggml_tensor * src) {
    return new_tensor(ctx, src->type, GGML_MAX_DIMS, src->ne, NULL);
}
struct ggml_tensor * ggml_view_1d(struct ggml_context * ctx, struct ggml_tensor * a, int64_t ne0, size_t offset) {
    struct ggml_tensor * t = new_tensor(ctx, a->type, 1, &ne0, (char *)a->data + offset);
    t->op = OP_VIEW;
    t->src[0] = a;
    return t;
}

struct ggml_tensor * ggml_get_first_tensor(const struct ggml_context * ctx) {
    return ctx->first ? ctx->first->tensor : NULL;
}
struct ggml_tensor * ggml_get_next_tensor(const struct ggml_context * ctx, struct ggml_tensor * tensor) {
    for (struct ggml_object * o = ctx->first; o; o = o->next)
        if (o->tensor == tensor)
            return o->next ? o->next->tensor : NULL;
    return NULL;
}
struct ggml_tensor * ggml_get_tensor(struct ggml_context * ctx, const char * name) {
    for (struct ggml_object * o = ctx->first; o; o = o->next)
        if (strcmp(o->tensor->name, name) == 0)
            return o->tensor;
    return NULL;
}
struct ggml_tensor * ggml_set_name(struct ggml_tensor * tensor, const char * name) {
    snprintf(tensor->name, sizeof tensor->name, "%s", name);
    return tensor;
}

static struct ggml_tensor * op(struct ggml_context * ctx, int kind, struct ggml_tensor * a,
                               struct ggml_tensor * b, int64_t ne0, int64_t ne1) {
    int64_t ne[2] = {ne0, ne1};
    struct ggml_tensor * t = new_tensor(ctx, GGML_TYPE_F32, 2, ne, NULL);
    t->op = kind;
    t->src[0] = a;
    t->src[1] = b;
    return t;
}
struct ggml_tensor * ggml_add(struct ggml_context * ctx, struct ggml_tensor * a, struct ggml_tensor * b) {
    return op(ctx, OP_ADD, a, b, a->ne[0], a->ne[1]);
}
struct ggml_tensor * ggml_mul(struct ggml_context * ctx, struct ggml_tensor * a, struct ggml_tensor * b) {
    return op(ctx, OP_MUL, a, b, a->ne[0], a->ne[1]);
}
struct ggml_tensor * ggml_mul_mat(struct ggml_context * ctx, struct ggml_tensor * a, struct ggml_tensor * b) {
    return op(ctx, OP_MUL_MAT, a, b, a->ne[1], b->ne[1]);
}
struct ggml_tensor * ggml_scale(struct ggml_context * ctx, struct ggml_tensor * a, float s) {
    struct ggml_tensor * t = op(ctx, OP_SCALE, a, NULL, a->ne[0], a->ne[1]);
    t->scale = s;
    return t;
}
struct ggml_tensor * ggml_relu(struct ggml_context * ctx, struct ggml_tensor * a) {
    return op(ctx, OP_RELU, a, NULL, a->ne[0], a->ne[1]);
}

struct ggml_cgraph * ggml_new_graph(struct ggml_context * ctx) {
    struct ggml_cgraph * g = arena(ctx, sizeof *g);
    g->n_nodes = 0;
    return g;
}
static void visit(struct ggml_cgraph * g, struct ggml_tensor * t) {
    if (!t || t->op == OP_NONE)
        return;
    for (int i = 0; i < g->n_nodes; i++)
        if (g->nodes[i] == t)
            return;
    visit(g, t->src[0]);
    visit(g, t->src[1]);
    if (g->n_nodes == MAX_NODES)
        abort();
    g->nodes[g->n_nodes++] = t;
}
void ggml_build_forward_expand(struct ggml_cgraph * cgraph, struct ggml_tensor * tensor) { visit(cgraph, tensor); }
int ggml_graph_n_nodes(struct ggml_cgraph * cgraph) { return cgraph->n_nodes; }
struct ggml_tensor * ggml_graph_node(struct ggml_cgraph * cgraph, int i) {
    return cgraph->nodes[i < 0 ? cgraph->n_nodes + i : i];
}

static void compute(struct ggml_tensor * t) {
    float * d = t->data, * a = t->src[0] ? t->src[0]->data : NULL, * b = t->src[1] ? t->src[1]->data : NULL;
    int64_t n = ggml_nelements(t);
    switch (t->op) {
    case OP_ADD: for (int64_t i = 0; i < n; i++) d[i] = a[i] + b[i]; break;
    case OP_MUL: for (int64_t i = 0; i < n; i++) d[i] = a[i] * b[i]; break;
    case OP_SCALE: for (int64_t i = 0; i < n; i++) d[i] = a[i] * t->scale; break;
    case OP_RELU: for (int64_t i = 0; i < n; i++) d[i] = a[i] > 0 ? a[i] : 0; break;
    case OP_MUL_MAT: {
        int64_t k = t->src[0]->ne[0];
        for (int64_t j = 0; j < t->ne[1]; j++)
            for (int64_t i = 0; i < t->ne[0]; i++) {
                float s = 0;
                for (int64_t x = 0; x < k; x++)
                    s += a[i * k + x] * b[j * k + x];
                d[j * t->ne[0] + i] = s;
            }
        break;
    }
    default: break;
    }
}
enum ggml_status ggml_graph_compute_with_ctx(struct ggml_context * ctx, struct ggml_cgraph * cgraph, int n_threads) {
    (void)ctx;
    (void)n_threads;
    for (int i = 0; i < cgraph->n_nodes; i++)
        if (!cgraph->nodes[i]->data)
            return GGML_STATUS_FAILED;
    for (int i = 0; i < cgraph->n_nodes; i++)
        compute(cgraph->nodes[i]);
    return GGML_STATUS_SUCCESS;
}

struct ggml_tensor * ggml_set_f32(struct ggml_tensor * tensor, float value) {
    for (int64_t i = 0; i < ggml_nelements(tensor); i++)
        ((float *)tensor->data)[i] = value;
    return tensor;
}
float ggml_get_f32_1d(const struct ggml_tensor * tensor, int i) { return ((float *)tensor->data)[i]; }
void ggml_set_f32_1d(const struct ggml_tensor * tensor, int i, float value) { ((float *)tensor->data)[i] = value; }
void * ggml_get_data(const struct ggml_tensor * tensor) { return tensor->data; }
float * ggml_get_data_f32(const struct ggml_tensor * tensor) { return tensor->data; }

/* gguf: a heap object holding a count of keys. */
struct gguf_context { int64_t n_kv; };
struct gguf_context * gguf_init_empty(void) { return calloc(1, sizeof(struct gguf_context)); }
struct gguf_context * gguf_init_from_file(const char * fname, struct gguf_init_params params) {
    FILE * f = fopen(fname, "rb");
    if (!f)
        return NULL;
    struct gguf_context * ctx = gguf_init_empty();
    long long n = 0;
    if (ctx && fscanf(f, "gguf %lld", &n) == 1)
        ctx->n_kv = n;
    fclose(f);
    if (params.ctx)
        *params.ctx = NULL; /* no tensor data in this test format */
    return ctx;
}
void gguf_free(struct gguf_context * ctx) { free(ctx); }
int64_t gguf_get_n_kv(const struct gguf_context * ctx) { return ctx->n_kv; }
void gguf_set_val_u32(struct gguf_context * ctx, const char * key, uint32_t val) { (void)key; (void)val; ctx->n_kv++; }
bool gguf_write_to_file(const struct gguf_context * ctx, const char * fname, bool only_meta) {
    (void)only_meta;
    FILE * f = fopen(fname, "wb");
    if (!f)
        return false;
    fprintf(f, "gguf %lld\n", (long long)ctx->n_kv);
    return fclose(f) == 0;
}

/* Backends: heap objects; a buffer holds the data of a no_alloc context. */
struct ggml_backend { int kind; };
struct ggml_backend_buffer_type { int kind; };
struct ggml_backend_buffer { size_t size; char * data; };
struct ggml_gallocr { ggml_backend_buffer_type_t buft; };

static struct ggml_backend_buffer_type cpu_buft = {1};

ggml_backend_t ggml_backend_cpu_init(void) { return calloc(1, sizeof(struct ggml_backend)); }
void ggml_backend_free(ggml_backend_t backend) { free(backend); }
ggml_backend_buffer_type_t ggml_backend_cpu_buffer_type(void) { return &cpu_buft; }
ggml_backend_buffer_t ggml_backend_alloc_ctx_tensors(struct ggml_context * ctx, ggml_backend_t backend) {
    (void)backend;
    size_t size = 0;
    for (struct ggml_object * o = ctx->first; o; o = o->next)
        if (!o->tensor->data)
            size += (size_t)ggml_nelements(o->tensor) * 4;
    if (size == 0)
        return NULL;
    ggml_backend_buffer_t buf = malloc(sizeof *buf);
    if (!buf)
        return NULL;
    buf->size = size;
    buf->data = calloc(1, size);
    size_t at = 0;
    for (struct ggml_object * o = ctx->first; o; o = o->next)
        if (!o->tensor->data) {
            o->tensor->data = buf->data + at;
            at += (size_t)ggml_nelements(o->tensor) * 4;
        }
    return buf;
}
void ggml_backend_buffer_free(ggml_backend_buffer_t buffer) {
    if (buffer == NULL)
        return;
    free(buffer->data);
    free(buffer);
}
size_t ggml_backend_buffer_get_size(ggml_backend_buffer_t buffer) { return buffer->size; }
enum ggml_status ggml_backend_graph_compute(ggml_backend_t backend, struct ggml_cgraph * cgraph) {
    return ggml_graph_compute_with_ctx(NULL, cgraph, backend ? 1 : 0);
}

ggml_gallocr_t ggml_gallocr_new(ggml_backend_buffer_type_t buft) {
    ggml_gallocr_t g = malloc(sizeof *g);
    if (g)
        g->buft = buft;
    return g;
}
void ggml_gallocr_free(ggml_gallocr_t galloc) { free(galloc); }
bool ggml_gallocr_alloc_graph(ggml_gallocr_t galloc, struct ggml_cgraph * graph) {
    (void)galloc;
    for (int i = 0; i < graph->n_nodes; i++)
        if (!graph->nodes[i]->data)
            return false;
    return true;
}
