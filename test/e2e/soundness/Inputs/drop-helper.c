/* A release helper in a file of its own (helpers-other-file.c calls it). */
#include <gsl/gsl_matrix.h>
void drop_elsewhere(gsl_matrix *m) { gsl_matrix_free(m); }
