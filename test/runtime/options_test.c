/*
 * options_test.c -- one program run under many TSCOPE_OPTIONS (see
 * CMakeLists.txt): each option's effect and each kind of error.  The mode
 * argument picks what the program does:
 *   errors    nothing leaks (only the option errors are printed)
 *   history   double releases just inside and just outside released_history
 *             (with double_release=skip, a detected one answers 0)
 *   verbose   a track, a scope and a release, logged
 *   leak      one leaked tensor (for json= and exitcode=)
 */
#include "check.h"

#include <string.h>

static const tscope_site made = {"opt.c", 1, 0, "make", "tensor_new"};
static const tscope_site gone = {"opt.c", 2, 0, "drop", NULL};

static void history(void) {
    /* Released long ago (history 64: 1024 shards x 1 entry; 20000 later
     * releases flush every shard, but for a chance of (1 - 1/1024)^20000,
     * about 3e-9): the double release passes silently.  (The default
     * history, 64 entries a shard, still holds it: ~20 releases a shard.) */
    test_tensor *old = tscope_track(new_raw_tensor(1), NULL, &made);
    CHECK_EQ(tscope_release(old, &gone), 1);
    static test_tensor *later[20000]; /* distinct addresses: every shard sees some */
    for (int i = 0; i < 20000; i++)
        later[i] = NEW_TENSOR(i);
    for (int i = 0; i < 20000; i++)
        release_tensor(later[i]);
    fprintf(stderr, "old double release returns %d\n", tscope_release(old, &gone));
    /* Released just now: reported. */
    test_tensor *recent = tscope_track(new_raw_tensor(2), NULL, &made);
    CHECK_EQ(tscope_release(recent, &gone), 1);
    fprintf(stderr, "recent double release returns %d\n", tscope_release(recent, &gone));
    free(old);
    free(recent);
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "errors";
    if (!strcmp(mode, "history")) {
        history();
    } else if (!strcmp(mode, "verbose")) {
        tscope_scope *s = tscope_scope_begin(&made);
        test_tensor *t = tscope_track(new_raw_tensor(1), test_tensor_free, &made);
        tscope_scope_end(s);
        (void)t;
    } else if (!strcmp(mode, "leak")) {
        tscope_track(new_raw_tensor(1), test_tensor_free, &made);
    } else {
        TSCOPE_SCOPE { NEW_TENSOR(1); }
    }
    fprintf(stderr, "done %s\n", mode);
    return 0;
}
// Each error is one line naming the option; the defaults stay.
// ERRORS: TensorScope: TSCOPE_OPTIONS: unknown option 'foo'
// ERRORS-NEXT: TensorScope: TSCOPE_OPTIONS: bad value 'yes' for option 'report' (expected 0 or 1)
// ERRORS-NEXT: TensorScope: TSCOPE_OPTIONS: bad value '-1' for option 'exitcode' (expected an exit status 0..255)
// ERRORS-NEXT: TensorScope: TSCOPE_OPTIONS: bad value '2' for option 'abort_on_error' (expected 0 or 1)
// ERRORS-NEXT: TensorScope: TSCOPE_OPTIONS: bad value '100' for option 'backtrace' (expected a frame count 0..64)
// ERRORS-NEXT: TensorScope: TSCOPE_OPTIONS: bad value 'x' for option 'verbose' (expected 0 or 1)
// ERRORS-NEXT: TensorScope: TSCOPE_OPTIONS: bad value '1e3' for option 'released_history' (expected a count 0..16777216)
// ERRORS-NEXT: TensorScope: TSCOPE_OPTIONS: bad value '' for option 'json' (expected a file path)
// ERRORS-NEXT: TensorScope: TSCOPE_OPTIONS: 'novalue' is not key=value
// ERRORS-NEXT: TensorScope: TSCOPE_OPTIONS: bad value '0' for option 'timeline_interval_ms' (expected milliseconds 1..3600000)
// ERRORS-NEXT: TensorScope: TSCOPE_OPTIONS: bad value 'maybe' for option 'double_release' (expected proceed, skip or abort)
// ERRORS-NEXT: done errors
// ERRORS-EMPTY:

// HISTORY: old double release returns 1
// HISTORY-NEXT: TensorScope: double release of tensor
// HISTORY-NEXT:   created at opt.c:1 in make (tensor_new)
// HISTORY-NEXT:   first released at opt.c:2 in drop
// HISTORY-NEXT:   released again at opt.c:2 in drop
// HISTORY-NEXT: recent double release returns 0

// DEFHIST-NOT: old double release returns 1
// DEFHIST: TensorScope: double release of tensor
// DEFHIST: old double release returns 0
// DEFHIST: recent double release returns 0

// ZEROHIST: old double release returns 1
// ZEROHIST-NEXT: recent double release returns 1

// The default double_release=proceed: reported, and the real release runs.
// PROCEED: old double release returns 1
// PROCEED-NEXT: TensorScope: double release of tensor
// PROCEED-NEXT:   created at opt.c:1 in make (tensor_new)
// PROCEED-NEXT:   first released at opt.c:2 in drop
// PROCEED-NEXT:   released again at opt.c:2 in drop
// PROCEED-NEXT: recent double release returns 1

// VERBOSE: TensorScope: scope begin at opt.c:1 in make (tensor_new) (depth 1)
// VERBOSE-NEXT: TensorScope: track 0x{{[0-9a-f]+}} (generation [[G:[0-9]+]]) at opt.c:1 in make (tensor_new)
// VERBOSE-NEXT: TensorScope: scope releases 0x{{[0-9a-f]+}} (generation [[G]])
// VERBOSE-NEXT: TensorScope: scope end (begun at opt.c:1 in make (tensor_new), depth 1)
// VERBOSE-NEXT: done verbose

// Errors leave the other entries in force: exitcode=9 applies.
// MIXED: TensorScope: TSCOPE_OPTIONS: unknown option 'bogus'
// MIXED-NEXT: done leak
// MIXED-NEXT: TensorScope: leak report
