/*
 * bench_glib.c -- the same workload done the GLib way: tensors are (tiny)
 * GObjects, a GHashTable maps keys to plans, the key holds GWeakRefs to the
 * two index tensors (so it never keeps them alive) and is compared like
 * PyTorch's TensorAsKey: addresses and dimensions first, then the weak
 * references must still give back those very objects.  g_object_weak_ref
 * notifications remove an entry when a tensor dies, and a GQueue keeps the
 * LRU order, so it does what tscope_cache does.
 */
#include "bench_cache.h"

#include <glib-object.h>
#include <string.h>

typedef struct gcache gcache;

/* Both the stored key (inside an entry) and a lookup probe. */
typedef struct gkey {
    gpointer crow, col; /* addresses at creation: hash and first compare */
    bench_dims dims;
    guint hash;
    struct gentry *entry; /* NULL in a probe */
} gkey;

typedef struct gentry {
    gkey key;
    GWeakRef crow_ref, col_ref;
    gpointer value;
    GList lru; /* link in cache->lru, most recent at the head */
    gcache *cache;
} gentry;

struct gcache {
    GHashTable *table; /* gkey* (inside gentry) -> gentry* */
    GQueue lru;
    size_t capacity;
};

static guint key_hash(gconstpointer p) { return ((const gkey *)p)->hash; }

static gboolean key_equal(gconstpointer pa, gconstpointer pb) {
    const gkey *a = pa, *b = pb;
    if (a == b)
        return TRUE; /* a dying entry removing itself (TensorAsKey: self is other) */
    if (a->crow != b->crow || a->col != b->col ||
        memcmp(&a->dims, &b->dims, sizeof a->dims) != 0)
        return FALSE;
    const gentry *e = a->entry ? a->entry : b->entry;
    if (!e)
        return TRUE;
    /* TensorAsKey.__eq__: the stored weak references must still be alive. */
    GObject *crow = g_weak_ref_get((GWeakRef *)&e->crow_ref);
    GObject *col = g_weak_ref_get((GWeakRef *)&e->col_ref);
    gboolean same = crow == a->crow && col == a->col;
    if (crow)
        g_object_unref(crow);
    if (col)
        g_object_unref(col);
    return same;
}

static void make_probe(gkey *k, GObject *crow, GObject *col, bench_dims d) {
    k->crow = crow;
    k->col = col;
    k->dims = d;
    k->entry = NULL;
    guint64 h = (guint64)(uintptr_t)crow * 0x9e3779b97f4a7c15ULL;
    h ^= (guint64)(uintptr_t)col + (h << 6) + (h >> 2);
    h ^= d.m * 31 + d.k * 131 + d.block_m * 1031 + d.block_k * 10007;
    k->hash = (guint)(h ^ (h >> 32));
}

static void on_tensor_finalized(gpointer data, GObject *dead);

/* Unlinks entry e (already out of the table) and drops its weak hooks. */
static void entry_destroy(gpointer p) {
    gentry *e = p;
    g_queue_unlink(&e->cache->lru, &e->lru);
    GObject *crow = g_weak_ref_get(&e->crow_ref), *col = g_weak_ref_get(&e->col_ref);
    if (crow) {
        g_object_weak_unref(crow, on_tensor_finalized, e);
        g_object_unref(crow);
    }
    if (col) {
        g_object_weak_unref(col, on_tensor_finalized, e);
        g_object_unref(col);
    }
    g_weak_ref_clear(&e->crow_ref);
    g_weak_ref_clear(&e->col_ref);
    g_free(e);
}

/* A key tensor died: its entries go now, not at the next eviction. */
static void on_tensor_finalized(gpointer data, GObject *dead) {
    gentry *e = data;
    /* The dead object's own weak-notify list is being consumed: make sure
     * entry_destroy does not try to weak_unref it. */
    if (dead == e->key.crow)
        g_weak_ref_set(&e->crow_ref, NULL);
    else
        g_weak_ref_set(&e->col_ref, NULL);
    g_hash_table_remove(e->cache->table, &e->key);
}

static gpointer gcache_get(gcache *c, const gkey *probe) {
    gentry *e = g_hash_table_lookup(c->table, probe);
    if (!e)
        return NULL;
    g_queue_unlink(&c->lru, &e->lru); /* most recently used first */
    g_queue_push_head_link(&c->lru, &e->lru);
    return e->value;
}

static void gcache_put(gcache *c, GObject *crow, GObject *col, bench_dims d,
                       gpointer value) {
    gentry *e = g_new0(gentry, 1);
    make_probe(&e->key, crow, col, d);
    e->key.entry = e;
    e->cache = c;
    e->value = value;
    e->lru.data = e;
    g_weak_ref_init(&e->crow_ref, crow);
    g_weak_ref_init(&e->col_ref, col);
    g_object_weak_ref(crow, on_tensor_finalized, e);
    g_object_weak_ref(col, on_tensor_finalized, e);
    g_hash_table_remove(c->table, &e->key); /* replace */
    g_queue_push_head_link(&c->lru, &e->lru);
    g_hash_table_insert(c->table, &e->key, e);
    if (g_queue_get_length(&c->lru) > c->capacity) {
        gentry *victim = g_queue_peek_tail(&c->lru);
        g_hash_table_remove(c->table, &victim->key);
    }
}

static void gcache_init(gcache *c) {
    c->table = g_hash_table_new_full(key_hash, key_equal, NULL, entry_destroy);
    g_queue_init(&c->lru);
    c->capacity = CAPACITY;
}

typedef struct ctx {
    gcache cache;     /* the plans of all matrices: hits stay hits */
    gcache put_cache; /* where put inserts (and evicts) */
    GObject *crow[NMATRICES], *col[NMATRICES];
    gkey hit[NMATRICES], miss[NMATRICES];
    uint64_t next_block_k;
    int plan[NMATRICES];
} ctx;

static void *setup(void) {
    ctx *c = g_new0(ctx, 1);
    gcache_init(&c->cache);
    gcache_init(&c->put_cache);
    for (size_t i = 0; i < NMATRICES; i++) {
        c->crow[i] = g_object_new(G_TYPE_OBJECT, NULL);
        c->col[i] = g_object_new(G_TYPE_OBJECT, NULL);
        make_probe(&c->hit[i], c->crow[i], c->col[i], bench_dims_of(i, 16));
        make_probe(&c->miss[i], c->crow[i], c->col[i], bench_dims_of(i, 32));
        gcache_put(&c->cache, c->crow[i], c->col[i], bench_dims_of(i, 16), &c->plan[i]);
    }
    c->next_block_k = 1000;
    return c;
}

BENCH_NOINLINE static void run_glib_hit(void *p, size_t n) {
    ctx *c = p;
    for (size_t i = 0; i < n; i++)
        BENCH_KEEP(gcache_get(&c->cache, &c->hit[i % NMATRICES]));
}

BENCH_NOINLINE static void run_glib_hit_build(void *p, size_t n) {
    ctx *c = p;
    for (size_t i = 0; i < n; i++) {
        size_t m = i % NMATRICES;
        gkey k;
        make_probe(&k, c->crow[m], c->col[m], bench_dims_of(m, 16));
        BENCH_KEEP(gcache_get(&c->cache, &k));
    }
}

BENCH_NOINLINE static void run_glib_miss(void *p, size_t n) {
    ctx *c = p;
    for (size_t i = 0; i < n; i++)
        BENCH_KEEP(gcache_get(&c->cache, &c->miss[i % NMATRICES]));
}

BENCH_NOINLINE static void run_glib_put(void *p, size_t n) {
    ctx *c = p;
    for (size_t i = 0; i < n; i++) {
        size_t m = i % NMATRICES;
        gcache_put(&c->put_cache, c->crow[m], c->col[m],
                   bench_dims_of(m, c->next_block_k++), &c->plan[m]);
    }
}

static const char *teardown(void *p) {
    ctx *c = p;
    const char *err = NULL;
    for (size_t i = 0; i < NMATRICES && !err; i++) {
        if (gcache_get(&c->cache, &c->hit[i]) != &c->plan[i])
            err = "glib: a hit did not return its plan";
        else if (gcache_get(&c->cache, &c->miss[i]))
            err = "glib: a miss returned a plan";
    }
    for (size_t i = 0; i < NMATRICES; i++) {
        g_object_unref(c->crow[i]);
        g_object_unref(c->col[i]);
    }
    if (!err && (g_hash_table_size(c->cache.table) != 0 ||
                 g_hash_table_size(c->put_cache.table) != 0))
        err = "glib: entries survived the death of their tensors";
    g_hash_table_destroy(c->cache.table);
    g_hash_table_destroy(c->put_cache.table);
    g_free(c);
    return err;
}

const bench_impl bench_glib = {"glib_ghashtable_gweakref", setup, run_glib_hit,
                               run_glib_hit_build, run_glib_miss, run_glib_put,
                               teardown};
