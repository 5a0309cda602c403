/*
 * lock.h -- the registry's tiny spinlock.
 *
 * Why not pthread_mutex: an uncontended mutex lock+unlock costs about as much
 * as malloc+free, and track+release must cost no more than that in total.
 * Critical sections here are a handful of loads and stores and never call
 * user code, so spinning (with a yield after a while, for oversubscribed
 * machines) is the cheaper choice.
 */
#ifndef TSCOPE_RUNTIME_LOCK_H
#define TSCOPE_RUNTIME_LOCK_H

#include <sched.h>
#include <stdbool.h>
#include <stdatomic.h>

typedef struct ts_lock {
    atomic_int held;
} ts_lock;

/* Waits for a lock another thread holds (kept out of line: the hot paths
 * inline only the first attempt). */
__attribute__((noinline, unused)) static void ts_lock_wait(ts_lock *l) {
    for (unsigned spins = 0;; spins++) {
        if (!atomic_load_explicit(&l->held, memory_order_relaxed) &&
            !atomic_exchange_explicit(&l->held, 1, memory_order_acquire))
            return;
        if (spins > 64)
            sched_yield();
    }
}

static inline void ts_lock_acquire(ts_lock *l) {
    if (__builtin_expect(atomic_exchange_explicit(&l->held, 1, memory_order_acquire), 0))
        ts_lock_wait(l);
}

/* One attempt: true when the lock is now held (the hot paths hand over to
 * a path that waits when it is not). */
static inline bool ts_lock_try(ts_lock *l) {
    return !atomic_exchange_explicit(&l->held, 1, memory_order_acquire);
}

static inline void ts_lock_release(ts_lock *l) {
    atomic_store_explicit(&l->held, 0, memory_order_release);
}

#endif
