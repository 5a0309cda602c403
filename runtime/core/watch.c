/*
 * watch.c -- finalizers (tscope_on_release) and the cancellable watches of
 * watch.h, which share one list per tensor (newest first).
 *
 * The registry holds only a watch's ctx, never the tensor, so no finalizer
 * can keep its tensor alive.  Watches run with no lock held, after the
 * record reads dead, so they may call back into the runtime.
 */
#include "internal.h"

#include <stdlib.h>

static _Atomic(tscope_holder_describer_) describer;

void tscope_set_holder_describer_(tscope_holder_describer_ fn) {
    atomic_store_explicit(&describer, fn, memory_order_release);
}

tscope_holder_describer_ ts_holder_describer(void) {
    return atomic_load_explicit(&describer, memory_order_acquire);
}

/* Adds a watch to the live tensor h (generation gen, or any when 0). */
static tscope_watch_ *add_watch(void *h, uint64_t gen,
                                void (*fn)(void *ctx, const tscope_release_info *info),
                                void *ctx, uint32_t *origin_out) {
    tscope_watch_ *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->fn = fn;
    w->ctx = ctx;
    w->state = TS_WATCH_PENDING;
    ts_lock_handle(h);
    uint32_t idx;
    ts_record *r = ts_find_live_locked(h, &idx);
    if (!r || (gen && atomic_load_explicit(&r->generation, memory_order_relaxed) != gen)) {
        ts_unlock_handle(h);
        free(w);
        return NULL;
    }
    if (origin_out)
        *origin_out = ts_rec_origin(r);
    w->record = idx;
    ts_ext_lock();
    ts_ext *e = ts_ext_get(idx, true);
    if (e) {
        w->next = e->watches;
        e->watches = w;
        ts_rec_add_bits(r, TS_REC_HAS_EXT);
    }
    ts_ext_unlock();
    ts_unlock_handle(h);
    if (!e) {
        free(w);
        return NULL;
    }
    return w;
}

tscope_watch_ *tscope_watch_add_(void *h, uint64_t gen,
                                 void (*fn)(void *ctx, const tscope_release_info *info),
                                 void *ctx) {
    if (!h || !fn || !gen)
        return NULL;
    return add_watch(h, gen, fn, ctx, NULL);
}

int tscope_watch_cancel_(tscope_watch_ *w) {
    if (!w)
        return 0;
    int cancelled = 0;
    ts_ext_lock();
    if (w->state == TS_WATCH_PENDING) {
        ts_ext *e = ts_ext_get(w->record, false);
        if (e) {
            for (tscope_watch_ **link = &e->watches; *link; link = &(*link)->next) {
                if (*link == w) {
                    *link = w->next;
                    /* Its ephemeral references count as ordinary ones again. */
                    e->holds -= w->holds;
                    cancelled = 1;
                    break;
                }
            }
        }
    }
    ts_ext_unlock();
    if (cancelled)
        free(w);
    return cancelled;
}

int tscope_watch_hold_(tscope_watch_ *w, unsigned n) {
    if (!w)
        return -1;
    int rc = -1;
    ts_ext_lock();
    if (w->state == TS_WATCH_PENDING) {
        ts_ext *e = ts_ext_get(w->record, false);
        if (e) {
            w->holds += n;
            e->holds += n;
            rc = 0;
        }
    }
    ts_ext_unlock();
    return rc;
}

void ts_fire_watches(tscope_watch_ *list, const tscope_release_info *info) {
    while (list) {
        tscope_watch_ *next = list->next;
        list->fn(list->ctx, info);
        free(list);
        list = next;
    }
}

int tscope_on_release(void *h, void (*fn)(void *ctx, const tscope_release_info *info),
                      void *ctx) {
    if (!h || !fn)
        return -1;
    uint32_t origin = 0;
    if (!add_watch(h, 0, fn, ctx, &origin))
        return -1;
    if (ctx == h) {
        char site[1024];
        ts_format_site(ts_origin_get(origin)->site, site, sizeof site);
        ts_diag("finalizer context is the tensor %p itself (created at %s): a context "
                "must not be the tensor, which is released by the time the finalizer runs",
                h, site);
        ts_misuse_done();
        return 1;
    }
    return 0;
}
