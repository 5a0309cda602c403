/*
 * weak.c -- weak references.
 *
 * A weak reference stores the handle, the record and the generation the
 * record had.  Records are never freed while the process runs and a
 * generation is never reused, so a get is one acquire load and a compare: no
 * lock, and a new tensor at the same address (a new generation, maybe even
 * in the same record) can never be mistaken for the old one.
 */
#include "internal.h"

tscope_weak tscope_weak_ref(void *h) {
    tscope_weak w = {NULL, NULL, 0};
    if (!h)
        return w;
    ts_record *hinted;
    uint64_t gen = ts_hint_live(h, &hinted);
    if (gen)
        return (tscope_weak){h, hinted, gen};
    ts_lock_handle(h);
    ts_record *r = ts_find_live_locked(h, NULL);
    if (r) {
        w.handle_ = h;
        w.record_ = r;
        w.generation_ = atomic_load_explicit(&r->generation, memory_order_relaxed);
    }
    ts_unlock_handle(h);
    return w;
}

void *tscope_weak_get(tscope_weak w) {
    const ts_record *r = w.record_;
    if (!r)
        return NULL;
    uint64_t g = atomic_load_explicit(&((ts_record *)r)->generation, memory_order_acquire);
    return g == w.generation_ ? w.handle_ : NULL;
}
