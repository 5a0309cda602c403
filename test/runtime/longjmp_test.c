/*
 * longjmp_test.c -- scopes left open by longjmp (as automatic scopes are
 * in code that unwinds with longjmp, like lua's errors): the end of the
 * enclosing scope ends them and releases their tensors, exactly once each;
 * the warning comes once per scope begin site, and one line at exit counts
 * the others.  With the argument "threads", four threads do the same at the
 * same sites: still one warning per site in all.  With "auto", the two
 * scopes jumped past are begun as a compiler's (tscope_scope_begin_auto,
 * the plugin's automatic scopes): ended and released the same way, with no
 * warning and no count at all.
 */
#include "check.h"

#include <pthread.h>
#include <setjmp.h>
#include <string.h>

enum { ROUNDS = 1000, THREADS = 4 };
enum { PER_ROUND = 3, MAX_TENSORS = ROUNDS * PER_ROUND };

static const tscope_site outer_site = {"interp.c", 10, 0, "run", NULL};
static const tscope_site mid_site = {"interp.c", 20, 0, "call", NULL};
static const tscope_site inner_site = {"interp.c", 30, 0, "raise", NULL};

/* Every tensor's releases, by id. */
static atomic_int released[THREADS][MAX_TENSORS];
typedef struct counted {
    int thread, id;
} counted;
static void counted_free(void *p) {
    counted *c = p;
    atomic_fetch_add(&released[c->thread][c->id], 1);
    free(c);
}
static void *new_counted(int thread, int id) {
    counted *c = malloc(sizeof *c);
    if (!c)
        abort();
    *c = (counted){thread, id};
    return tscope_track(c, counted_free, TSCOPE_HERE_API("new_counted"));
}

static _Thread_local jmp_buf error_jump;
/* How the scopes the jump leaves open are begun. */
static tscope_scope *(*begin_inner)(const tscope_site *) = tscope_scope_begin;

static void __attribute__((noinline)) raise_error(int thread, int round) {
    begin_inner(&inner_site);
    new_counted(thread, round * PER_ROUND + 2);
    longjmp(error_jump, 1); /* past the ends of this scope and call's */
}

static void __attribute__((noinline)) call(int thread, int round) {
    tscope_scope *s = begin_inner(&mid_site);
    new_counted(thread, round * PER_ROUND + 1);
    raise_error(thread, round);
    tscope_scope_end(s); /* never reached */
}

static void run_rounds(int thread) {
    for (volatile int round = 0; round < ROUNDS; round++) {
        tscope_scope *volatile outer = tscope_scope_begin(&outer_site);
        new_counted(thread, round * PER_ROUND);
        if (!setjmp(error_jump))
            call(thread, round);
        CHECK_EQ(tscope_scope_depth(), 3); /* left open by the jump */
        tscope_scope_end(outer);
        CHECK_EQ(tscope_scope_depth(), 0);
    }
    for (int id = 0; id < MAX_TENSORS; id++)
        CHECK_EQ(atomic_load(&released[thread][id]), 1);
}

static void *thread_main(void *arg) {
    run_rounds((int)(intptr_t)arg);
    return NULL;
}

int main(int argc, char **argv) {
    int threads = argc > 1 && !strcmp(argv[1], "threads") ? THREADS : 1;
    if (argc > 1 && !strcmp(argv[1], "auto"))
        begin_inner = tscope_scope_begin_auto;
    if (threads == 1) {
        run_rounds(0);
    } else {
        pthread_t tids[THREADS];
        for (int i = 0; i < threads; i++)
            CHECK_EQ(pthread_create(&tids[i], NULL, thread_main, (void *)(intptr_t)i), 0);
        for (int i = 0; i < threads; i++)
            pthread_join(tids[i], NULL);
    }
    CHECK_EQ(tscope_live_count(), 0);
    CHECK_DONE();
}
// The innermost scope is ended first, then the one around it: one warning
// for each site, then none, then the count at exit (2 x 1000 scopes left
// open, 2 of them warned about).
// CHECK: TensorScope: warning: scope begun at interp.c:30 in raise was still open when its enclosing scope (begun at interp.c:10 in run) ended; ending it first (probably left by longjmp; later scopes begun there and left open are ended without a warning, and counted)
// CHECK-NEXT: TensorScope: warning: scope begun at interp.c:20 in call was still open when its enclosing scope (begun at interp.c:10 in run) ended; ending it first (probably left by longjmp;
// CHECK-NOT: TensorScope: warning
// CHECK: all checks passed
// CHECK-NEXT: TensorScope: 1998 more scopes left open (longjmp?) were closed at the end of an enclosing scope
// CHECK-NOT: TensorScope

// THREADS-COUNT-2: TensorScope: warning: scope begun at interp.c:{{30 in raise|20 in call}} was still open
// THREADS-NOT: TensorScope: warning
// THREADS: all checks passed
// THREADS-NEXT: TensorScope: 7998 more scopes left open (longjmp?) were closed at the end of an enclosing scope
// THREADS-NOT: TensorScope

// AUTO-NOT: TensorScope
// AUTO: all checks passed
// AUTO-NOT: TensorScope
