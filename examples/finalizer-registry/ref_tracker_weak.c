/*
 * ref_tracker_weak.c -- THE FIX.  The finalizer's context is a mapping that
 * holds only facts about the tensor (name, size, generation), never the
 * tensor.  The runtime holds only that context, so the tensor dies when the
 * exporter releases it, and its finalizer runs then, exactly once.
 */
#include "ref_tracker.h"

const char ref_tracker_kind[] = "weak (finalizer context holds no tensor)";

static void forget_mapping(void *ctx, const tscope_release_info *info)
{
    (void)info;
    ref_mapping_finalized(ctx);
}

void ref_tracker_track(ftensor *t, const char *name)
{
    tscope_on_release(t, forget_mapping, ref_mapping_new(t, name));
}
