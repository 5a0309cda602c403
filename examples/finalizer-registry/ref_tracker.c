/* ref_tracker.c -- bookkeeping shared by the three tracker kinds: a list of
 * mappings and counters.  Mappings are never freed before exit, so the demo
 * can check afterwards that every finalizer ran exactly once. */
#include "ref_tracker.h"

#include <stdio.h>
#include <stdlib.h>

static ref_mapping *all_mappings;
static ref_tracker_stats stats;

ref_mapping *ref_mapping_new(ftensor *t, const char *name)
{
    ref_mapping *m = calloc(1, sizeof *m);
    if (!m) {
        perror("ref_tracker");
        exit(1);
    }
    snprintf(m->name, sizeof m->name, "%s", name);
    m->bytes = t->n * sizeof(float);
    m->generation = tscope_generation(t);
    m->next = all_mappings;
    all_mappings = m;
    stats.registered++;
    stats.live++;
    return m;
}

ref_mapping *ref_mapping_find(uint64_t generation)
{
    for (ref_mapping *m = all_mappings; m; m = m->next)
        if (m->generation == generation)
            return m;
    return NULL;
}

void ref_mapping_finalized(ref_mapping *m)
{
    if (m->finalized++ == 0)
        stats.live--;
    stats.finalized++;
}

void ref_tracker_get_stats(ref_tracker_stats *out)
{
    *out = stats;
}

size_t ref_tracker_count_repeated(void)
{
    size_t repeated = 0;
    for (ref_mapping *m = all_mappings; m; m = m->next)
        if (m->finalized > 1)
            repeated++;
    return repeated;
}
