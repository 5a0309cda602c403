/*
 * watch.h -- internal hooks between the registry and the parts built on it
 * (the weak-keyed cache, the finalizer list).  Not installed, not public.
 *
 * A watch is a finalizer the owner can cancel, and that may hold references
 * to its tensor *ephemerally*: references that do not keep the tensor alive.
 * This is what a cache needs: an entry keyed by tensor T dies when T dies
 * (watch fires), is cancelled when the entry dies for another reason (LRU,
 * remove, clear), and its value may hold references to T without pinning T
 * (ephemeron semantics, the PyTorch TensorAsKey story).
 */
#ifndef TSCOPE_RUNTIME_WATCH_H
#define TSCOPE_RUNTIME_WATCH_H

#include "tensorscope.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tscope_watch_ tscope_watch_;

/*
 * Calls fn(ctx, info) once when the tensor (h, gen) dies -- released by the
 * user, by a scope, at exit, or orphaned (below) -- unless the watch was
 * cancelled first.  fn runs outside the registry's locks, after weak
 * references to the tensor read NULL, and may release tensors.  Returns NULL
 * when (h, gen) is not a live tracked tensor.  The watch's memory belongs to
 * the registry: after fn has run or after tscope_watch_cancel_ the pointer
 * must not be used again.
 */
tscope_watch_ *tscope_watch_add_(void *h, uint64_t gen,
                                 void (*fn)(void *ctx, const tscope_release_info *info),
                                 void *ctx);

/*
 * Cancels `w` (fn will not be called).  Returns 1 if it was cancelled, 0 if
 * it had fired already or is firing now (on this or another thread).  Any
 * ephemeral references it held are handed back: they count as ordinary
 * references again, to be given back by ordinary releases.
 */
int tscope_watch_cancel_(tscope_watch_ *w);

/*
 * Declares that the owner of `w` holds `n` more references to w's tensor
 * ephemerally.  When a release leaves the tensor with only ephemeral
 * references (its reference count equals the sum held by its watches), the
 * registry fires those watches with reason TSCOPE_RELEASED_BY_USER and
 * subtracts nothing: each fired owner must give its references back by
 * ordinary tscope_release calls (typically through a value_free), which then
 * balance the count and kill the tensor.  Returns 0, or -1 if `w` fired.
 */
int tscope_watch_hold_(tscope_watch_ *w, unsigned n);

/*
 * A describer answers, for the leak report at exit, what keeps a live tensor
 * alive: it writes a phrase such as "kept alive by cache entry created at
 * f.c:12 in g" into buf and returns 1, or returns 0.  One describer per
 * process (the cache installs it); NULL removes it.
 */
typedef int (*tscope_holder_describer_)(void *h, uint64_t gen, char *buf, size_t n);
void tscope_set_holder_describer_(tscope_holder_describer_ fn);

#ifdef __cplusplus
}
#endif

#endif
