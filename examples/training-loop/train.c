/* train.c -- DJL's training-loop leak, in C with GSL.
 *
 * Linear regression by gradient descent: X (n x d) @ W (d x 1) ~ y.  Every
 * step allocates the prediction, the gradient and `grad * lr` (alloc +
 * memcpy + scale), and frees none of them -- like the NDArrays the DJL
 * training loop created per batch and never closed.
 *
 *   train MODE STEPS
 *     run    train and print, every STEPS/4 steps, the live tensors and the
 *            heap in use, then the weights as hex floats (bit-exact)
 *     stash  also hand each step's gradient to log.c, which frees the last
 *            one after training (a tensor released by a scope, used again)
 *
 * Built three ways by build.sh: plain (no plugin), tracked (plugin, no
 * scopes) and auto (plugin, train() is TSCOPE_AUTO_LOOPS via -DAUTO_LOOPS).
 */
#include <gsl/gsl_blas.h>
#include <gsl/gsl_matrix.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tensorscope.h>

#include "log.h"

enum { SAMPLES = 32, FEATURES = 4 };

/* One gradient-descent step; returns nothing, frees nothing. */
static void step(const gsl_matrix *X, const gsl_matrix *y, gsl_matrix *W,
                 double lr, int stash) {
    gsl_matrix *pred = gsl_matrix_alloc(SAMPLES, 1);            /* X W     */
    gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, X, W, 0.0, pred);
    gsl_matrix_sub(pred, y);                                     /* - y     */
    gsl_matrix *grad = gsl_matrix_alloc(FEATURES, 1);           /* 2/n X'r */
    gsl_blas_dgemm(CblasTrans, CblasNoTrans, 2.0 / SAMPLES, X, pred, 0.0, grad);
    gsl_matrix *update = gsl_matrix_alloc(FEATURES, 1);         /* grad*lr */
    gsl_matrix_memcpy(update, grad);
    gsl_matrix_scale(update, lr);
    gsl_matrix_sub(W, update);
    if (stash)
        log_keep(grad);
}

static size_t heap_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    return mallinfo2().uordblks;
#else
    return 0;
#endif
}

#ifdef AUTO_LOOPS
TSCOPE_AUTO_LOOPS
#endif
static void train(const gsl_matrix *X, const gsl_matrix *y, gsl_matrix *W,
                  long steps, int stash) {
    long every = steps >= 4 ? steps / 4 : 1;
    for (long s = 1; s <= steps; s++) {
        step(X, y, W, 0.05, stash);
        if (s % every == 0)
            printf("step %6ld: live tensors %7zu, heap in use %8zu KiB\n", s,
                   tscope_live_count(), heap_in_use() / 1024);
    }
}

int main(int argc, char **argv) {
    if (argc != 3 || (strcmp(argv[1], "run") && strcmp(argv[1], "stash"))) {
        fprintf(stderr, "usage: %s run|stash STEPS\n", argv[0]);
        return 2;
    }
    char *end;
    long steps = strtol(argv[2], &end, 10);
    if (*end || steps < 1) {
        fprintf(stderr, "%s: STEPS must be a positive integer, not '%s'\n",
                argv[0], argv[2]);
        return 2;
    }
    int stash = !strcmp(argv[1], "stash");
    /* Line-buffered even into a pipe, so our lines and the runtime's
     * reports (stderr) appear in the order they happen. */
    setvbuf(stdout, NULL, _IOLBF, 0);

    /* y = X w_true with w_true = (1, -2, 3, -4); X deterministic. */
    gsl_matrix *X = gsl_matrix_alloc(SAMPLES, FEATURES);
    gsl_matrix *y = gsl_matrix_alloc(SAMPLES, 1);
    gsl_matrix *W = gsl_matrix_calloc(FEATURES, 1);
    static const double w_true[FEATURES] = {1, -2, 3, -4};
    for (size_t i = 0; i < SAMPLES; i++) {
        double target = 0;
        for (size_t j = 0; j < FEATURES; j++) {
            double x = (double)((i * 7 + j * 3) % 11) / 11.0 - 0.5;
            gsl_matrix_set(X, i, j, x);
            target += x * w_true[j];
        }
        gsl_matrix_set(y, i, 0, target);
    }

    train(X, y, W, steps, stash);

    printf("weights:");
    for (size_t j = 0; j < FEATURES; j++)
        printf(" %a", gsl_matrix_get(W, j, 0));
    printf("\n");
    if (stash)
        log_finish();
    gsl_matrix_free(X);
    gsl_matrix_free(y);
    gsl_matrix_free(W);
    return 0;
}
