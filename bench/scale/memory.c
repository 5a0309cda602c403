/*
 * memory.c -- the runtime's memory per live tracked tensor.
 *
 * The tensors are fake: addresses 64 bytes apart inside one big malloc'd
 * block that is never touched, so no tensor memory enters the figures; the
 * block is allocated before the baseline is taken.  Two measures: resident
 * set size (/proc/self/statm: everything the runtime touched, including
 * memory it maps itself) and malloc's in-use bytes (mallinfo2: what the
 * runtime asked of malloc).  The first track (thread-local and table set-up)
 * is reported apart as a fixed cost.
 */
#define _GNU_SOURCE
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "scale.h"
#include "tensorscope.h"

static long long rss_bytes(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long long size = 0, resident = 0;
    if (!f || fscanf(f, "%lld %lld", &size, &resident) != 2) {
        fprintf(stderr, "bench_scale: cannot read /proc/self/statm\n");
        exit(1);
    }
    fclose(f);
    return resident * sysconf(_SC_PAGESIZE);
}

static long long heap_bytes(void)
{
    struct mallinfo2 mi = mallinfo2();
    return (long long)(mi.uordblks + mi.hblkhd);
}

static void ignore_release(void *h) { (void)h; }

int scale_memory(size_t n)
{
    const tscope_site *site = TSCOPE_HERE_API("bench_scale");
    char *space = malloc((n + 1) * 64);
    if (!space) {
        fprintf(stderr, "bench_scale: out of memory for %zu handles\n", n);
        return 1;
    }
    long long rss0 = rss_bytes(), heap0 = heap_bytes();
    tscope_track(space + n * 64, ignore_release, site); /* the fixed cost */
    long long rss1 = rss_bytes(), heap1 = heap_bytes();
    for (size_t i = 0; i < n; i++)
        tscope_track(space + i * 64, ignore_release, site);
    long long rss2 = rss_bytes(), heap2 = heap_bytes();

    if (tscope_live_count() != n + 1) {
        fprintf(stderr, "bench_scale: %zu live tensors expected, runtime counts %zu\n",
                n + 1, tscope_live_count());
        return 1;
    }
    for (size_t i = 0; i <= n; i++)
        tscope_release(space + i * 64, site);
    if (tscope_live_count() != 0) {
        fprintf(stderr, "bench_scale: %zu tensors still alive after releasing all\n",
                tscope_live_count());
        return 1;
    }
    printf("mem\t%zu\t%.1f\t%.1f\t%lld\t%lld\n", n, (double)(rss2 - rss1) / (double)n,
           (double)(heap2 - heap1) / (double)n, rss1 - rss0, heap1 - heap0);
    free(space);
    return 0;
}
