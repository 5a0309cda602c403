/* log.h -- keeps the most recent gradient for the report printed after
 * training.  It only BORROWS the gradient (no annotation: TensorScope treats
 * an unannotated function as borrowing), yet log_finish() frees it: that is
 * the bug the "stash" mode shows. */
#ifndef TRAINING_LOOP_LOG_H
#define TRAINING_LOOP_LOG_H
#include <gsl/gsl_matrix.h>

void log_keep(gsl_matrix *grad);
/* Frees the kept gradient. */
void log_finish(void);

#endif
