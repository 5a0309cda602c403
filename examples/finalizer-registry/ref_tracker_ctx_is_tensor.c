/*
 * ref_tracker_ctx_is_tensor.c -- A MISTAKE THE RUNTIME CATCHES.  Passing the
 * tensor itself as the finalizer's context "to have it at hand": the
 * runtime still holds no reference (the tensor dies on time), but the
 * context dangles once the release completes, and it reads as if the
 * finalizer kept its tensor.  tscope_on_release reports it (and returns 1);
 * the finalizer finds its mapping by generation instead.
 */
#include "ref_tracker.h"

#include <stdio.h>

const char ref_tracker_kind[] = "ctx == tensor (reported by the runtime)";

static void forget_mapping(void *ctx, const tscope_release_info *info)
{
    (void)ctx; /* the dead tensor: never touch it */
    ref_mapping *m = ref_mapping_find(info->generation);
    if (m)
        ref_mapping_finalized(m);
}

void ref_tracker_track(ftensor *t, const char *name)
{
    ref_mapping_new(t, name);
    if (tscope_on_release(t, forget_mapping, t) == 1)
        fprintf(stderr, "ref_tracker: the runtime flagged ctx == tensor for %s\n", name);
}
