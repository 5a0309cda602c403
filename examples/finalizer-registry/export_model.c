/*
 * export_model.c -- a model exporter in the style of iree-turbine's
 * aot.export: for each model, materialise every layer's weights, hand them
 * to the global ref tracker, "emit" them, and release them.  The exporter
 * is done with every tensor when a model's export returns; whether the
 * memory comes back depends only on which ref tracker it was linked with.
 *
 *   usage: finalizer-registry-{pinning,weak,ctx-is-tensor} [MODELS [LAYERS]]
 *
 * Exit status: 0 when the tracker behaved as the fixed one must (nothing
 * alive after export, every finalizer ran exactly once) or when this is the
 * pinning build (whose leak is the point of the demo); 1 otherwise.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ftensor.h"
#include "ref_tracker.h"

enum { WEIGHT_FLOATS = 4096 }; /* 16 KiB per layer */

/* Stands in for writing the weights into the exported program. */
static double emit_weights(const ftensor *w)
{
    double sum = 0;
    for (size_t i = 0; i < w->n; i++)
        sum += w->data[i];
    return sum;
}

static void export_model(int model, int layers)
{
    for (int layer = 0; layer < layers; layer++) {
        ftensor *w = ftensor_new(WEIGHT_FLOATS); /* export_model.c:36 */
        for (size_t i = 0; i < w->n; i++)
            w->data[i] = (float)(layer + 1);
        char name[48];
        snprintf(name, sizeof name, "model%d.layer%d.weight", model, layer);
        ref_tracker_track(w, name);
        (void)emit_weights(w);
        ftensor_release(w); /* the exporter is done with this tensor */
    }
}

static int parse_count(const char *arg, const char *what)
{
    char *end;
    long v = strtol(arg, &end, 10);
    if (*arg == '\0' || *end != '\0' || v < 1 || v > 100000) {
        fprintf(stderr, "export_model: bad %s '%s' (want 1..100000)\n", what, arg);
        exit(2);
    }
    return (int)v;
}

int main(int argc, char **argv)
{
    int models = argc > 1 ? parse_count(argv[1], "MODELS") : 3;
    int layers = argc > 2 ? parse_count(argv[2], "LAYERS") : 50;
    ref_tracker_stats st;

    /* Line by line even into a pipe, so this program's summary comes out
     * before the runtime's report at exit, as it happened. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    printf("tracker: %s\n", ref_tracker_kind);
    for (int m = 0; m < models; m++) {
        export_model(m, layers);
        ref_tracker_get_stats(&st);
        printf("after exporting model %d: %zu tensors alive (%zu KiB), "
               "%zu of %zu finalizers run\n",
               m, tscope_live_count(), ftensor_bytes_alive() / 1024,
               st.finalized, st.registered);
    }

    ref_tracker_get_stats(&st);
    size_t live = tscope_live_count();
    size_t repeated = ref_tracker_count_repeated();
    printf("summary: %zu tensors (%zu KiB) still alive after export; "
           "%zu of %zu finalizers ran, %zu of them more than once\n",
           live, ftensor_bytes_alive() / 1024, st.finalized, st.registered, repeated);
    if (strstr(ref_tracker_kind, "pinning"))
        return 0; /* the leak is the demo: the runtime's report follows */
    return live == 0 && st.finalized == st.registered && repeated == 0 ? 0 : 1;
}
