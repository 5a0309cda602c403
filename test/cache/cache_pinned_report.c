/*
 * cache_pinned_report.c -- run by check_output.sh and checked with FileCheck
 * against the CHECK lines below.
 *  - A value that pins its key tensor without declaring it (plain put of a
 *    value that retained the key) is named in the leak report at exit as
 *    "kept alive by cache entry created at FILE:LINE".
 *  - The same value declared with put_holding dies with its tensor.
 *  - Entries die at exit too: their value_free runs after the report.
 */
#include "test_tensor.h"

typedef struct plan {
    const char *name;
    tt_tensor *held;
} plan;

static void plan_free(void *v) {
    plan *p = v;
    fprintf(stderr, "plan %s freed\n", p->name);
    if (p->held)
        tt_release(p->held);
    free(p);
}

static plan *plan_new(const char *name, tt_tensor *held) {
    plan *p = malloc(sizeof *p);
    p->name = name;
    p->held = held ? tt_retain(held) : NULL;
    return p;
}

int main(void) {
    tscope_cache *c = tscope_cache_new(16, plan_free);

    /* Declared: the only reference left is the value's, so it all dies. */
    tt_tensor *good = tt_new(1);
    tscope_key kg;
    tscope_key_init(&kg);
    tscope_key_add_tensor(&kg, good);
    plan *pg = plan_new("declared", good);
    void *held = good;
    tscope_cache_put_holding(c, &kg, pg, &held, 1);
    tt_release(good);
    // CHECK: plan declared freed

    /* Undeclared: the value retained its key behind the cache's back. */
    tt_tensor *bad = tt_new(2);
    tscope_key kb;
    tscope_key_init(&kb);
    tscope_key_add_tensor(&kb, bad);
    fprintf(stderr, "undeclared put at line %d\n", __LINE__ + 1);
    tscope_cache_put(c, &kb, plan_new("undeclared", bad));
    // CHECK: undeclared put at line [[PUT:[0-9]+]]
    tt_release(bad);
    fprintf(stderr, "main returns\n");
    // CHECK: main returns
    // CHECK: kept alive by cache entry created at {{.*}}cache_pinned_report.c:[[PUT]] in main
    // CHECK: TensorScope: 1 tensor{{s?}} leaked
    // CHECK: plan undeclared freed
    return 0;
}
