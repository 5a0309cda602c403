/*
 * watch_test.c -- the internal hooks of runtime/core/watch.h that the cache
 * builds on: watches fire once when their tensor dies and not after a
 * cancel; ephemeral holds (a tensor whose only references are held by its
 * own watches' owners is orphaned: the holders fire, give their references
 * back, and the tensor dies); the holder describer in the leak report.
 */
#include "check.h"
#include "core/watch.h"

#include <string.h>

typedef struct owner {
    int fired;
    tscope_release_info info;
    void *give_back; /* references to release when fired */
    int give_back_n;
} owner;

static void watch_fired(void *ctx, const tscope_release_info *info) {
    owner *o = ctx;
    o->fired++;
    o->info = *info;
    for (int i = 0; i < o->give_back_n; i++)
        tscope_release(o->give_back, TSCOPE_HERE); /* like a value_free */
}

static void test_fire_and_cancel(void) {
    test_tensor *t = NEW_TENSOR(1);
    uint64_t gen = tscope_generation(t);
    owner a = {0}, b = {0};
    CHECK(tscope_watch_add_(t, gen + 1, watch_fired, &a) == NULL); /* wrong generation */
    CHECK(tscope_watch_add_(NULL, gen, watch_fired, &a) == NULL);
    tscope_watch_ *wa = tscope_watch_add_(t, gen, watch_fired, &a);
    tscope_watch_ *wb = tscope_watch_add_(t, gen, watch_fired, &b);
    CHECK(wa && wb);
    CHECK_EQ(tscope_watch_cancel_(wb), 1);
    CHECK_EQ(release_tensor(t), 1);
    CHECK_EQ(a.fired, 1);
    CHECK_EQ(b.fired, 0);
    CHECK_EQ(a.info.generation, gen);
    CHECK_EQ(a.info.reason, TSCOPE_RELEASED_BY_USER);
    /* Dead tensors take no new watches. */
    owner c = {0};
    test_tensor *u = NEW_TENSOR(2);
    uint64_t ugen = tscope_generation(u);
    CHECK_EQ(release_tensor(u), 1);
    CHECK(tscope_watch_add_(u, ugen, watch_fired, &c) == NULL);
}

/* The PyTorch story: the cache value holds a reference to its own key
 * tensor.  Declared as an ephemeral hold, it does not keep the tensor alive. */
static void test_ephemeral_hold(void) {
    test_tensor *key = NEW_TENSOR(1);
    uint64_t gen = tscope_generation(key);
    tscope_weak weak = tscope_weak_ref(key);
    owner entry = {0};
    entry.give_back = key;
    entry.give_back_n = 1;
    tscope_watch_ *w = tscope_watch_add_(key, gen, watch_fired, &entry);
    tscope_retain(key); /* the value's reference */
    CHECK_EQ(tscope_watch_hold_(w, 1), 0);
    int freed = atomic_load(&tensors_freed);
    /* The user's release leaves only the held reference: the entry fires,
     * gives it back, and the tensor dies (the release still returns 1). */
    CHECK_EQ(tscope_release(key, TSCOPE_HERE), 1);
    CHECK_EQ(entry.fired, 1);
    CHECK(tscope_weak_get(weak) == NULL);
    CHECK_EQ(tscope_generation(key), 0);
    test_tensor_free(key);
    CHECK_EQ(atomic_load(&tensors_freed), freed + 1);
}

/* Holds that are cancelled count as ordinary references again. */
static void test_cancelled_hold(void) {
    test_tensor *t = NEW_TENSOR(1);
    owner o = {0};
    tscope_watch_ *w = tscope_watch_add_(t, tscope_generation(t), watch_fired, &o);
    tscope_retain(t);
    tscope_watch_hold_(w, 1);
    CHECK_EQ(tscope_watch_cancel_(w), 1);
    CHECK_EQ(tscope_release(t, TSCOPE_HERE), 1);
    CHECK(tscope_generation(t) != 0); /* one ordinary reference left */
    CHECK_EQ(o.fired, 0);
    CHECK_EQ(release_tensor(t), 1);
    CHECK_EQ(o.fired, 0);
}

/* A watch that fired cannot take holds; cancel after firing returns 0 only
 * while the callback runs (afterwards the pointer is gone by contract). */
static tscope_watch_ *self_watch;
static int cancel_in_callback = -1, hold_in_callback = 7;
static void fired_cancel(void *ctx, const tscope_release_info *info) {
    (void)ctx;
    (void)info;
    cancel_in_callback = tscope_watch_cancel_(self_watch);
    hold_in_callback = tscope_watch_hold_(self_watch, 1);
}
static void test_cancel_while_firing(void) {
    test_tensor *t = NEW_TENSOR(1);
    self_watch = tscope_watch_add_(t, tscope_generation(t), fired_cancel, NULL);
    release_tensor(t);
    CHECK_EQ(cancel_in_callback, 0);
    CHECK_EQ(hold_in_callback, -1);
}

/* Leak report: the describer names what keeps a tensor alive. */
static void *described;
static int describe(void *h, uint64_t gen, char *buf, size_t n) {
    (void)gen;
    if (h != described)
        return 0;
    snprintf(buf, n, "kept alive by cache entry created at plan.c:40 in plan");
    return 1;
}

int main(void) {
    test_fire_and_cancel();
    test_ephemeral_hold();
    test_cancelled_hold();
    test_cancel_while_firing();
    CHECK_EQ(tscope_live_count(), 0);
    static const tscope_site site = {"pin.c", 5, 0, "build", "tensor_new"};
    described = tscope_track(new_raw_tensor(1), test_tensor_free, &site);
    tscope_track(new_raw_tensor(2), test_tensor_free, &site);
    tscope_set_holder_describer_(describe);
    fprintf(stderr, "leaving 2\n");
    if (check_failures)
        return 1;
    return 0;
}
// CHECK: leaving 2
// CHECK-NEXT: TensorScope: leak report: tensors still alive at exit, by creation site
// CHECK-NEXT: TensorScope: 2 tensors created at pin.c:5 in build (tensor_new)
// CHECK-NEXT:     2 outside any scope
// CHECK-NEXT:     1 kept alive by cache entry created at plan.c:40 in plan
// CHECK-NEXT: TensorScope: 2 tensors leaked from 1 sites
