/*
 * ops_glib.c -- the GLib alternative: GWeakRef on a GObject.  g_weak_ref_get
 * returns a strong reference, which the caller must drop again with
 * g_object_unref: both are part of one weak get in real GLib code.
 */
#include <glib-object.h>

#include "ops.h"

typedef struct glib_ctx {
    GObject *obj;
    GWeakRef ref;
} glib_ctx;

static void *setup_gweakref(size_t n)
{
    (void)n;
    glib_ctx *c = g_new0(glib_ctx, 1);
    c->obj = g_object_new(G_TYPE_OBJECT, NULL);
    g_weak_ref_init(&c->ref, c->obj);
    return c;
}

static const char *teardown_gweakref(void *ctx, size_t n)
{
    (void)n;
    glib_ctx *c = ctx;
    GObject *got = g_weak_ref_get(&c->ref);
    const char *err = got == c->obj ? NULL : "g_weak_ref_get lost a live object";
    if (got)
        g_object_unref(got);
    g_weak_ref_clear(&c->ref);
    g_object_unref(c->obj);
    g_free(c);
    return err;
}

BENCH_NOINLINE static void run_op_gweakref_get(void *ctx, size_t n)
{
    glib_ctx *c = ctx;
    for (size_t i = 0; i < n; i++) {
        GObject *o = g_weak_ref_get(&c->ref);
        BENCH_KEEP(o);
        g_object_unref(o);
    }
}

BENCH_NOINLINE static void run_op_gweakref_init_get(void *ctx, size_t n)
{
    glib_ctx *c = ctx;
    for (size_t i = 0; i < n; i++) {
        GWeakRef r;
        g_weak_ref_init(&r, c->obj);
        GObject *o = g_weak_ref_get(&r);
        BENCH_KEEP(o);
        g_object_unref(o);
        g_weak_ref_clear(&r);
    }
}

const bench_op bench_ops_glib[] = {
    {"gweakref_get", "GLib g_weak_ref_get + unref (live)", 1000, setup_gweakref,
     run_op_gweakref_get, teardown_gweakref},
    {"gweakref_init_get", "GLib g_weak_ref_init + get + unref + clear", 1000, setup_gweakref,
     run_op_gweakref_init_get, teardown_gweakref},
    {NULL, NULL, 0, NULL, NULL, NULL},
};
