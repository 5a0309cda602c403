/* log.c -- see log.h.  Compiled with the plugin like the rest, but nothing
 * here is auto-scoped. */
#include "log.h"
#include <stdio.h>

static gsl_matrix *kept;

void log_keep(gsl_matrix *grad) { kept = grad; }

void log_finish(void) {
    if (!kept)
        return;
    printf("log: releasing the last gradient\n");
    gsl_matrix_free(kept); /* the scope of the step that made it freed it already */
    kept = NULL;
}
