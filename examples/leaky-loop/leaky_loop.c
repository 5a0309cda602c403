/*
 * leaky_loop.c -- the DJL training-loop story in twenty lines of C.
 *
 *   leaky_loop leaky STEPS    gradient descent whose step leaks its two
 *                             intermediates (grad, delta): memory grows with
 *                             STEPS, and the leak report at exit names the
 *                             two lines that created them.
 *   leaky_loop scoped STEPS   the same loop, each step inside TSCOPE_SCOPE:
 *                             the intermediates are released when the step
 *                             ends, live tensors stay flat, same result.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tensor.h"

#define DIM 256

static void show(const char *mode, int step, const tensor *w) {
    printf("  [%s] step %6d: %6zu live tensors, %8zu KiB, w[0] = %.6f\n", mode, step,
           tscope_live_count(), tensor_bytes_alive() / 1024, w->data[0]);
}

/* Minimises |w - target|^2 by gradient descent. */
static tensor *train_leaky(const tensor *target, int steps) {
    tensor *w = tensor_new(DIM, 0.0);
    for (int step = 1; step <= steps; step++) {
        tensor *grad = tensor_sub(w, target);     /* leaks */
        tensor *delta = tensor_scale(grad, 0.01); /* leaks */
        tensor *next = tensor_sub(w, delta);
        tensor_free(w);
        w = next;
        if (step % (steps / 4) == 0)
            show("leaky", step, w);
    }
    return w;
}

static tensor *train_scoped(const tensor *target, int steps) {
    tensor *w = tensor_new(DIM, 0.0);
    for (int step = 1; step <= steps; step++) {
        TSCOPE_SCOPE {
            tensor *grad = tensor_sub(w, target);
            tensor *delta = tensor_scale(grad, 0.01);
            tensor *next = tscope_detach(tensor_sub(w, delta)); /* outlives the step */
            tensor_free(w);
            w = next;
        } /* grad and delta are released here */
        if (step % (steps / 4) == 0)
            show("scoped", step, w);
    }
    return w;
}

int main(int argc, char **argv) {
    if (argc != 3 || (strcmp(argv[1], "leaky") && strcmp(argv[1], "scoped")) || atoi(argv[2]) < 4) {
        fprintf(stderr, "usage: %s leaky|scoped STEPS (STEPS >= 4)\n", argv[0]);
        return 2;
    }
    int steps = atoi(argv[2]);
    tensor *target = tensor_new(DIM, 1.0);
    tensor *w = strcmp(argv[1], "leaky") == 0 ? train_leaky(target, steps)
                                              : train_scoped(target, steps);
    double sum = 0;
    for (size_t i = 0; i < w->n; i++)
        sum += w->data[i];
    printf("  [%s] result: sum(w) = %.17g\n", argv[1], sum);
    tensor_free(w);
    tensor_free(target);
    printf("  [%s] after freeing w and target: %zu live tensors\n", argv[1], tscope_live_count());
    fflush(stdout);
    return 0;
}
