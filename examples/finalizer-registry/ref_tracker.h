/*
 * ref_tracker.h -- the exporter's registry of the tensors it has seen, in C.
 *
 * torch-mlir's importer keeps a global RefTracker: one RefMapping per tensor
 * it imported, and a weakref.finalize callback per tensor that drops the
 * mapping when the tensor dies.  The mapping's `value` held the tensor (and
 * the finalizer held the tracker), so no tensor ever died: the model's
 * weights stayed in memory after export, and gc.collect() could not help.
 *
 * Three builds of the same interface show the bug, the fix, and a mistake
 * the runtime catches:
 *   ref_tracker_pinning.c       the context of each finalizer holds the
 *                               tensor (a retain): the tensors never die
 *   ref_tracker_weak.c          the context holds only facts about the
 *                               tensor (name, size, generation): tensors die
 *                               on time, each finalizer runs exactly once
 *   ref_tracker_ctx_is_tensor.c the tensor itself passed as the context,
 *                               which the runtime reports as a mistake
 */
#ifndef REF_TRACKER_H
#define REF_TRACKER_H

#include <stddef.h>
#include <stdint.h>

#include "ftensor.h"

typedef struct ref_mapping {
    struct ref_mapping *next;
    char name[48];
    size_t bytes;
    uint64_t generation; /* which tensor, even if its address is reused */
    ftensor *value;      /* only the pinning tracker fills this in */
    int finalized;       /* how many times its finalizer ran */
} ref_mapping;

typedef struct ref_tracker_stats {
    size_t registered; /* finalizers registered */
    size_t finalized;  /* finalizer runs so far */
    size_t live;       /* mappings not finalized yet */
} ref_tracker_stats;

/* Which tracker this program was built with (for its output). */
extern const char ref_tracker_kind[];

/* Remembers tensor `t` under `name` and registers the finalizer that
 * forgets it when `t` is released.  (Implemented once per tracker kind.) */
void ref_tracker_track(ftensor *t, const char *name);

/* Shared bookkeeping (ref_tracker.c). */
ref_mapping *ref_mapping_new(ftensor *t, const char *name);
ref_mapping *ref_mapping_find(uint64_t generation);
void ref_mapping_finalized(ref_mapping *m);
void ref_tracker_get_stats(ref_tracker_stats *out);
/* Number of mappings whose finalizer ran more than once (must stay 0). */
size_t ref_tracker_count_repeated(void);

#endif
