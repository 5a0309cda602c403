/*
 * scope_test.c -- scopes: release newest first through each tensor's own
 * release function, nesting, pop-to-token, keep, detach, escape, adopt,
 * TSCOPE_SCOPE with break / continue / return / goto, and a scope ended on
 * the wrong thread or twice (reported, ignored).
 */
#include "check.h"

#include <pthread.h>

/* Records the order of releases. */
static int order[64];
static int norder;
static void ordered_free(void *p) {
    order[norder++] = ((test_tensor *)p)->id;
    free(p);
}
#define ORDERED(idv) tscope_track(new_raw_tensor(idv), ordered_free, TSCOPE_HERE)

static void test_newest_first(void) {
    norder = 0;
    tscope_scope *s = tscope_scope_begin(TSCOPE_HERE);
    CHECK_EQ(tscope_scope_depth(), 1);
    ORDERED(1);
    ORDERED(2);
    ORDERED(3);
    CHECK_EQ(tscope_live_count(), 3);
    tscope_scope_end(s);
    CHECK_EQ(tscope_scope_depth(), 0);
    CHECK_EQ(tscope_live_count(), 0);
    CHECK_EQ(norder, 3);
    CHECK_EQ(order[0], 3);
    CHECK_EQ(order[1], 2);
    CHECK_EQ(order[2], 1);
}

static void test_skips_released_and_detached(void) {
    norder = 0;
    tscope_scope *s = tscope_scope_begin(TSCOPE_HERE);
    test_tensor *a = ORDERED(1);
    test_tensor *b = ORDERED(2);
    test_tensor *c = ORDERED(3);
    CHECK(tscope_detach(b) == b);
    CHECK_EQ(tscope_release(a, TSCOPE_HERE), 1);
    ordered_free(a);
    tscope_scope_end(s);
    CHECK_EQ(norder, 2); /* a by hand, c by the scope; b detached */
    CHECK_EQ(order[0], 1);
    CHECK_EQ(order[1], 3);
    (void)c;
    CHECK(tscope_generation(b) != 0);
    CHECK_EQ(tscope_release(b, TSCOPE_HERE), 1);
    ordered_free(b);
}

static void test_nested(void) {
    norder = 0;
    tscope_scope *outer = tscope_scope_begin(TSCOPE_HERE);
    ORDERED(1);
    tscope_scope *inner = tscope_scope_begin(TSCOPE_HERE);
    ORDERED(2);
    CHECK_EQ(tscope_scope_depth(), 2);
    tscope_scope_end(inner);
    CHECK_EQ(norder, 1);
    CHECK_EQ(order[0], 2);
    ORDERED(3); /* joins the outer scope again */
    tscope_scope_end(outer);
    CHECK_EQ(norder, 3);
    CHECK_EQ(order[1], 3);
    CHECK_EQ(order[2], 1);
}

/* Ending an outer scope ends the inner ones left open (with a warning). */
static void test_pop_to_token(void) {
    norder = 0;
    tscope_scope *outer = tscope_scope_begin(TSCOPE_HERE);
    ORDERED(1);
    tscope_scope_begin(TSCOPE_HERE);
    ORDERED(2);
    tscope_scope_begin(TSCOPE_HERE);
    ORDERED(3);
    CHECK_EQ(tscope_scope_depth(), 3);
    tscope_scope_end(outer);
    CHECK_EQ(tscope_scope_depth(), 0);
    CHECK_EQ(norder, 3);
    CHECK_EQ(order[0], 3);
    CHECK_EQ(order[1], 2);
    CHECK_EQ(order[2], 1);
}

static test_tensor *make_result(int id) {
    tscope_scope *s = tscope_scope_begin(TSCOPE_HERE);
    ORDERED(100); /* a temporary */
    test_tensor *r = ORDERED(id);
    return tscope_scope_end_keep(s, r);
}

static void test_keep(void) {
    norder = 0;
    /* Keep moves the tensor to the enclosing scope... */
    tscope_scope *outer = tscope_scope_begin(TSCOPE_HERE);
    test_tensor *r = make_result(7);
    CHECK_EQ(norder, 1);
    CHECK_EQ(order[0], 100);
    CHECK(tscope_generation(r) != 0);
    tscope_scope_end(outer);
    CHECK_EQ(norder, 2);
    CHECK_EQ(order[1], 7);
    /* ...or to no scope at all. */
    norder = 0;
    r = make_result(8);
    CHECK_EQ(norder, 1);
    CHECK(tscope_generation(r) != 0);
    CHECK_EQ(tscope_release(r, TSCOPE_HERE), 1);
    ordered_free(r);
    /* NULL keep is allowed. */
    tscope_scope *s = tscope_scope_begin(TSCOPE_HERE);
    CHECK(tscope_scope_end_keep(s, NULL) == NULL);
    /* Keep through two nested levels at once. */
    norder = 0;
    outer = tscope_scope_begin(TSCOPE_HERE);
    tscope_scope *mid = tscope_scope_begin(TSCOPE_HERE);
    tscope_scope_begin(TSCOPE_HERE);
    test_tensor *deep = ORDERED(9);
    tscope_scope_end_keep(mid, deep); /* ends the innermost too */
    CHECK_EQ(norder, 0);
    CHECK_EQ(tscope_scope_depth(), 1);
    tscope_scope_end(outer);
    CHECK_EQ(norder, 1);
    CHECK_EQ(order[0], 9);
}

static void test_escape(void) {
    norder = 0;
    tscope_scope *outer = tscope_scope_begin(TSCOPE_HERE);
    tscope_scope *inner = tscope_scope_begin(TSCOPE_HERE);
    test_tensor *e = ORDERED(1);
    ORDERED(2);
    CHECK(tscope_escape(e) == e);
    tscope_scope_end(inner);
    CHECK_EQ(norder, 1);
    CHECK_EQ(order[0], 2);
    tscope_scope_end(outer);
    CHECK_EQ(norder, 2);
    CHECK_EQ(order[1], 1);
    /* Escaping the outermost scope leaves it in no scope. */
    norder = 0;
    tscope_scope *s = tscope_scope_begin(TSCOPE_HERE);
    e = ORDERED(3);
    tscope_escape(e);
    tscope_scope_end(s);
    CHECK_EQ(norder, 0);
    CHECK_EQ(tscope_release(e, TSCOPE_HERE), 1);
    ordered_free(e);
}

/* The plugin's loop pattern: each iteration is a scope; the tensor assigned
 * to a variable declared outside the loop moves to the function's scope. */
static void test_adopt(void) {
    norder = 0;
    tscope_scope *fn = tscope_scope_begin(TSCOPE_HERE);
    test_tensor *best = NULL;
    for (int i = 0; i < 4; i++) {
        tscope_scope *iter = tscope_scope_begin(TSCOPE_HERE);
        test_tensor *candidate = ORDERED(10 + i);
        ORDERED(20 + i); /* temporary */
        if (i == 2)
            best = tscope_scope_adopt(fn, candidate);
        tscope_scope_end(iter);
    }
    CHECK_EQ(norder, 7); /* 4 temporaries + 3 candidates */
    CHECK(tscope_generation(best) != 0);
    CHECK_EQ(best->id, 12);
    /* Adopting a tensor that is not in a nested scope leaves it alone. */
    test_tensor *own = ORDERED(30);
    CHECK(tscope_scope_adopt(fn, own) == own);
    tscope_scope_end(fn);
    CHECK_EQ(norder, 9);
    CHECK_EQ(order[7], 30);
    CHECK_EQ(order[8], 12);
}

static int scoped_return(void) {
    TSCOPE_SCOPE {
        ORDERED(1);
        return 5; /* the scope still ends */
    }
    return 0;
}

static void test_block_macro(void) {
    norder = 0;
    TSCOPE_SCOPE {
        ORDERED(1);
        CHECK_EQ(tscope_scope_depth(), 1);
    }
    CHECK_EQ(norder, 1);
    CHECK_EQ(tscope_scope_depth(), 0);

    norder = 0;
    for (int i = 0; i < 3; i++) {
        TSCOPE_SCOPE {
            ORDERED(i);
            if (i == 1)
                break; /* leaves the block, not the loop */
            ORDERED(10 + i);
        }
    }
    CHECK_EQ(norder, 5); /* 0,10 ; 1 ; 2,12 */
    CHECK_EQ(tscope_scope_depth(), 0);

    norder = 0;
    for (int i = 0; i < 3; i++) {
        TSCOPE_SCOPE {
            ORDERED(i);
            if (i == 1)
                continue;
        }
    }
    CHECK_EQ(norder, 3);

    norder = 0;
    CHECK_EQ(scoped_return(), 5);
    CHECK_EQ(norder, 1);
    CHECK_EQ(tscope_scope_depth(), 0);

    norder = 0;
    TSCOPE_SCOPE {
        ORDERED(1);
        goto out;
    }
out:
    CHECK_EQ(norder, 1);
    CHECK_EQ(tscope_scope_depth(), 0);

    /* Nested blocks. */
    norder = 0;
    TSCOPE_SCOPE {
        ORDERED(1);
        TSCOPE_SCOPE {
            ORDERED(2);
        }
        CHECK_EQ(norder, 1);
    }
    CHECK_EQ(norder, 2);
}

static tscope_scope *other_thread_scope;
static void *begin_elsewhere(void *arg) {
    (void)arg;
    other_thread_scope = tscope_scope_begin(TSCOPE_HERE);
    /* ends it properly too, later, from here */
    return NULL;
}

static void test_not_open(void) {
    tscope_scope *s = tscope_scope_begin(TSCOPE_HERE);
    tscope_scope_end(s);
    tscope_scope_end(s); /* twice: reported, ignored */
    CHECK_EQ(tscope_scope_depth(), 0);
    /* A stale token must not end a newer scope at the same depth. */
    tscope_scope *newer = tscope_scope_begin(TSCOPE_HERE);
    tscope_scope_end(s);
    CHECK_EQ(tscope_scope_depth(), 1);
    tscope_scope_end(newer);
    /* A scope of another thread. */
    pthread_t th;
    pthread_create(&th, NULL, begin_elsewhere, NULL);
    pthread_join(th, NULL);
    tscope_scope *mine = tscope_scope_begin(TSCOPE_HERE);
    tscope_scope_end(other_thread_scope);
    CHECK_EQ(tscope_scope_depth(), 1);
    tscope_scope_end(mine);
    tscope_scope_end(NULL);
    /* The other functions that take a token name themselves. */
    int x;
    CHECK(tscope_scope_adopt(s, &x) == &x);
    CHECK(tscope_scope_end_keep(s, NULL) == NULL);
}

/* A release function may release others and begin scopes. */
static test_tensor *partner;
static void free_with_partner(void *p) {
    if (partner && tscope_release(partner, TSCOPE_HERE))
        ordered_free(partner);
    partner = NULL;
    TSCOPE_SCOPE { ORDERED(50); }
    ordered_free(p);
}

static void test_reentrant_release(void) {
    norder = 0;
    partner = NEW_TENSOR(0);
    partner->id = 40;
    tscope_detach(partner);
    tscope_scope *s = tscope_scope_begin(TSCOPE_HERE);
    tscope_track(new_raw_tensor(1), free_with_partner, TSCOPE_HERE);
    tscope_scope_end(s);
    CHECK_EQ(norder, 3);
    CHECK_EQ(order[0], 40);
    CHECK_EQ(order[1], 50);
    CHECK_EQ(order[2], 1);
}

/* Retained tensors: the scope drops its reference; the tensor lives on. */
static void test_scope_and_retain(void) {
    norder = 0;
    tscope_scope *s = tscope_scope_begin(TSCOPE_HERE);
    test_tensor *t = tscope_track(new_raw_tensor(1), NULL, TSCOPE_HERE);
    tscope_retain(t);
    tscope_scope_end(s);
    CHECK(tscope_generation(t) != 0);
    CHECK_EQ(tscope_release(t, TSCOPE_HERE), 1);
    CHECK_EQ(tscope_generation(t), 0);
    free(t);
}

int main(void) {
    test_newest_first();
    test_skips_released_and_detached();
    test_nested();
    test_pop_to_token();
    test_keep();
    test_escape();
    test_adopt();
    test_block_macro();
    test_not_open();
    test_reentrant_release();
    test_scope_and_retain();
    CHECK_EQ(tscope_live_count(), 0);
    CHECK_DONE();
}
// The warnings and errors, in order:
// CHECK: TensorScope: warning: scope begun at {{.*}}scope_test.c:{{[0-9]+}} in test_pop_to_token was still open when its enclosing scope (begun at {{.*}}scope_test.c:{{[0-9]+}} in test_pop_to_token) ended; ending it first
// CHECK-NEXT: TensorScope: warning: scope begun at
// CHECK: TensorScope: warning: scope begun at {{.*}} in test_keep was still open
// CHECK: TensorScope: tscope_scope_end: scope 0x{{[0-9a-f]+}} is not open on this thread; ignored
// CHECK-NEXT: TensorScope: tscope_scope_end: scope 0x{{[0-9a-f]+}} is not open on this thread; ignored
// CHECK-NEXT: TensorScope: warning: thread exited with 1 open scope (outermost begun at {{.*}} in begin_elsewhere); ending them
// CHECK-NEXT: TensorScope: tscope_scope_end: scope 0x{{[0-9a-f]+}} is not open on this thread; ignored
// CHECK-NEXT: TensorScope: tscope_scope_end: scope (nil) is not open on this thread; ignored
// CHECK-NEXT: TensorScope: tscope_scope_adopt: scope 0x{{[0-9a-f]+}} is not open on this thread; ignored
// CHECK-NEXT: TensorScope: tscope_scope_end_keep: scope 0x{{[0-9a-f]+}} is not open on this thread; ignored
// CHECK-NEXT: all checks passed
