/*
 * ops_budget.c -- the budget rows of issue 15, as instrumented code does
 * them: tensors are created at one source line and released at another
 * (two sites, as the plugin emits them), k at a time, beside malloc(64)+free
 * of the same number of blocks in the same order.  Every row's operation is
 * one tensor (one block), so the rows compare directly:
 *   in turn, k = 1, 64, 4096: create k, then release the k (oldest first);
 *   scopes of k = 10, 100:    begin, create k, end (the scope releases them)
 *                             beside malloc k, free k.
 * The k addresses are the same every round, as an allocator hands the same
 * blocks back to a loop body.  Handles are fake (ops.h): only the runtime's
 * own work is measured.
 */
#include <stdlib.h>

#include "ops.h"
#include "tensorscope.h"

#define BUDGET_BATCH 4000 /* tensors per round: a multiple of 1, 10, 100 */
#define BUDGET_BATCH_4096 4096

/* Two sites: a create and a release at different source lines. */
static const tscope_site *created_at(void) { return TSCOPE_HERE_API("tensor_new"); }
static const tscope_site *released_at(void) { return TSCOPE_HERE_API("tensor_free"); }

static void *blocks[BUDGET_BATCH_4096];

/* ---- malloc(64)+free, k blocks at a time --------------------------------- */

static void malloc_in_turn(size_t n, size_t k)
{
    for (size_t done = 0; done < n; done += k) {
        for (size_t i = 0; i < k; i++) {
            blocks[i] = malloc(64);
            BENCH_KEEP(blocks[i]);
        }
        for (size_t i = 0; i < k; i++)
            free(blocks[i]);
    }
}

BENCH_NOINLINE static void run_op_budget_malloc_1(void *c, size_t n) { (void)c; malloc_in_turn(n, 1); }
BENCH_NOINLINE static void run_op_budget_malloc_10(void *c, size_t n) { (void)c; malloc_in_turn(n, 10); }
BENCH_NOINLINE static void run_op_budget_malloc_64(void *c, size_t n) { (void)c; malloc_in_turn(n, 64); }
BENCH_NOINLINE static void run_op_budget_malloc_100(void *c, size_t n) { (void)c; malloc_in_turn(n, 100); }
BENCH_NOINLINE static void run_op_budget_malloc_4096(void *c, size_t n) { (void)c; malloc_in_turn(n, 4096); }

/* ---- TensorScope, k tensors in turn --------------------------------------- */

static void tscope_in_turn(size_t n, size_t k)
{
    const tscope_site *made = created_at(), *gone = released_at();
    for (size_t done = 0; done < n; done += k) {
        for (size_t i = 0; i < k; i++)
            tscope_track(bench_handle(i), bench_fake_release, made);
        for (size_t i = 0; i < k; i++)
            tscope_release(bench_handle(i), gone);
    }
}

BENCH_NOINLINE static void run_op_budget_tscope_1(void *c, size_t n) { (void)c; tscope_in_turn(n, 1); }
BENCH_NOINLINE static void run_op_budget_tscope_64(void *c, size_t n) { (void)c; tscope_in_turn(n, 64); }
BENCH_NOINLINE static void run_op_budget_tscope_4096(void *c, size_t n) { (void)c; tscope_in_turn(n, 4096); }

/* ---- TensorScope, scopes of k tensors ------------------------------------- */

static void tscope_scopes(size_t n, size_t k)
{
    const tscope_site *made = created_at();
    for (size_t done = 0; done < n; done += k) {
        tscope_scope *s = tscope_scope_begin(made);
        for (size_t i = 0; i < k; i++)
            tscope_track(bench_handle(i), bench_fake_release, made);
        tscope_scope_end(s);
    }
}

BENCH_NOINLINE static void run_op_budget_scope_10(void *c, size_t n) { (void)c; tscope_scopes(n, 10); }
BENCH_NOINLINE static void run_op_budget_scope_100(void *c, size_t n) { (void)c; tscope_scopes(n, 100); }

/* ---- checks ------------------------------------------------------------- */

static size_t releases_before;
static void *count_releases(size_t n)
{
    (void)n;
    releases_before = bench_fake_release_count();
    return NULL;
}

static const char *none_alive(size_t k)
{
    for (size_t i = 0; i < k; i++)
        if (tscope_generation(bench_handle(i)))
            return "a released tensor is still alive";
    return tscope_scope_depth() ? "a scope is still open after its end" : NULL;
}

static const char *check_1(void *c, size_t n) { (void)c; (void)n; return none_alive(1); }
static const char *check_64(void *c, size_t n) { (void)c; (void)n; return none_alive(64); }
static const char *check_4096(void *c, size_t n) { (void)c; (void)n; return none_alive(4096); }
static const char *check_scope(size_t n, size_t k)
{
    if (bench_fake_release_count() - releases_before != n)
        return "a scope did not release every tensor tracked in it";
    return none_alive(k);
}
static const char *check_scope_10(void *c, size_t n) { (void)c; return check_scope(n, 10); }
static const char *check_scope_100(void *c, size_t n) { (void)c; return check_scope(n, 100); }

const bench_op bench_ops_budget[] = {
    {"budget_malloc_1", "malloc(64)+free, 1 block in turn (per block)", BUDGET_BATCH, NULL, run_op_budget_malloc_1, NULL},
    {"budget_tscope_1", "track+release, 1 tensor in turn (per tensor)", BUDGET_BATCH, NULL, run_op_budget_tscope_1, check_1},
    {"budget_malloc_64", "malloc(64)+free, 64 blocks in turn (per block)", BUDGET_BATCH_4096, NULL, run_op_budget_malloc_64, NULL},
    {"budget_tscope_64", "track+release, 64 tensors in turn (per tensor)", BUDGET_BATCH_4096, NULL, run_op_budget_tscope_64, check_64},
    {"budget_malloc_4096", "malloc(64)+free, 4096 blocks in turn (per block)", BUDGET_BATCH_4096, NULL, run_op_budget_malloc_4096, NULL},
    {"budget_tscope_4096", "track+release, 4096 tensors in turn (per tensor)", BUDGET_BATCH_4096, NULL, run_op_budget_tscope_4096, check_4096},
    {"budget_malloc_10", "malloc(64) x10, free x10 (per block)", BUDGET_BATCH, NULL, run_op_budget_malloc_10, NULL},
    {"budget_scope_10", "scope of 10 tensors: begin, 10 tracks, end (per tensor)", BUDGET_BATCH, count_releases, run_op_budget_scope_10, check_scope_10},
    {"budget_malloc_100", "malloc(64) x100, free x100 (per block)", BUDGET_BATCH, NULL, run_op_budget_malloc_100, NULL},
    {"budget_scope_100", "scope of 100 tensors (per tensor)", BUDGET_BATCH, count_releases, run_op_budget_scope_100, check_scope_100},
    {NULL, NULL, 0, NULL, NULL, NULL},
};
