/*
 * main.c -- bench_scale: how the runtime scales.
 *   bench_scale mem N                      memory per live tensor at N live
 *   bench_scale threads LIFECYCLES ROUNDS [K]
 *                                          throughput, 1 vs 2 threads, each
 *                                          with K live tensors per scope (8);
 *                                          K=0: malloc+free, no runtime (the
 *                                          machine's own ceiling)
 * Run `mem` in a fresh process per N (run.sh does) so earlier sizes do not
 * pre-grow the runtime's tables.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scale.h"

static size_t parse_count(const char *what, const char *text)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || end == text || *end || v == 0 || text[0] == '-') {
        fprintf(stderr, "bench_scale: %s must be a positive integer, not '%s'\n", what, text);
        exit(2);
    }
    return (size_t)v;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "mem") == 0)
        return scale_memory(parse_count("N", argv[2]));
    if ((argc == 4 || argc == 5) && strcmp(argv[1], "threads") == 0)
        return scale_threads(parse_count("LIFECYCLES", argv[2]), parse_count("ROUNDS", argv[3]),
                             argc == 5 ? (strcmp(argv[4], "0") ? (int)parse_count("K", argv[4]) : 0)
                                       : 8);
    fprintf(stderr, "usage: bench_scale mem N | threads LIFECYCLES ROUNDS [K]\n");
    return 2;
}
