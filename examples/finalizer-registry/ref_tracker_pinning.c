/*
 * ref_tracker_pinning.c -- THE BUG.  Each mapping keeps a reference to its
 * tensor (like torch-mlir's RefMapping.value), and that mapping is the
 * finalizer's context.  The finalizer would drop the reference -- but it
 * only runs when the tensor dies, and the tensor cannot die while the
 * mapping holds it.  Every tensor the exporter saw stays alive until exit.
 */
#include "ref_tracker.h"

#include <stdio.h>

const char ref_tracker_kind[] = "pinning (finalizer context holds the tensor)";

static void forget_mapping(void *ctx, const tscope_release_info *info)
{
    ref_mapping *m = ctx;
    ref_mapping_finalized(m);
    /* The runtime says why a finalizer runs: here, only at exit, because
     * nothing but the exit sweep could end a tensor its context holds. */
    ref_tracker_stats st;
    ref_tracker_get_stats(&st);
    if (info->reason == TSCOPE_RELEASED_AT_EXIT && st.live == 0)
        fprintf(stderr,
                "ref_tracker: all %zu finalizers ran only at exit: each one's context "
                "(a ref_mapping) held its tensor, so no tensor could die before\n",
                st.registered);
    ftensor *held = m->value;
    m->value = NULL;
    if (held)
        ftensor_release(held);
}

void ref_tracker_track(ftensor *t, const char *name)
{
    ref_mapping *m = ref_mapping_new(t, name);
    m->value = ftensor_retain(t); /* the pin */
    tscope_on_release(t, forget_mapping, m);
}
