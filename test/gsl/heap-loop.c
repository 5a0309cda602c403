/*
 * heap-loop.c -- N rounds of GSL allocations that are all freed again, then
 * the heap still in use (glibc's mallinfo2().uordblks).  test/gsl/run.sh
 * builds it against the plain and the instrumented libgsl.a: a library that
 * frees what it allocates holds the same heap at the end of 10 rounds as of
 * 1000, and the instrumented library must hold the same as the plain one.
 *
 * usage: heap-loop ROUNDS
 * prints: rounds=N in_use=BYTES mmapped=BYTES checksum=X
 */
#include <gsl/gsl_complex_math.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_permutation.h>
#include <gsl/gsl_vector.h>
#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 8 };

static double f(double x, void *p) { (void)p; return exp(-x * x) * cos(3 * x); }

static double one_round(int r)
{
    double sum = 0;

    /* real matrices and vectors, alloc and calloc, a view of a row */
    gsl_matrix *a = gsl_matrix_alloc(N, N);
    gsl_matrix *acopy = gsl_matrix_calloc(N, N);
    for (size_t i = 0; i < N; i++)
        for (size_t j = 0; j < N; j++)
            gsl_matrix_set(a, i, j, (i == j ? N + 1.0 : 0.0) + 1.0 / (1.0 + i + j + r % 3));
    gsl_matrix_memcpy(acopy, a);
    gsl_vector *b = gsl_vector_alloc(N);
    gsl_vector *x = gsl_vector_calloc(N);
    gsl_vector_view row = gsl_matrix_row(a, 0);
    gsl_vector_memcpy(b, &row.vector);

    /* LU decomposition and solve */
    gsl_permutation *p = gsl_permutation_alloc(N);
    int signum;
    gsl_linalg_LU_decomp(acopy, p, &signum);
    gsl_linalg_LU_solve(acopy, p, b, x);
    for (size_t i = 0; i < N; i++)
        sum += gsl_vector_get(x, i);

    /* a vector on a block of its own, and one taken from a matrix column */
    gsl_block *blk = gsl_block_alloc(2 * N);
    gsl_vector *vb = gsl_vector_alloc_from_block(blk, 0, N, 2);
    gsl_vector_set_all(vb, 0.5);
    gsl_vector *col = gsl_vector_alloc_col_from_matrix(a, 1);
    sum += gsl_vector_get(vb, 1) + gsl_vector_get(col, 2);
    gsl_vector_free(col);
    gsl_vector_free(vb);
    gsl_block_free(blk);

    /* complex variants */
    gsl_matrix_complex *c = gsl_matrix_complex_calloc(N, N);
    gsl_vector_complex *cv = gsl_vector_complex_alloc(N);
    gsl_vector_complex_set_all(cv, gsl_complex_rect(1.0, -1.0));
    gsl_matrix_complex_set_identity(c);
    gsl_vector_complex_view d = gsl_matrix_complex_diagonal(c);
    gsl_vector_complex_add(cv, &d.vector);
    sum += GSL_REAL(gsl_vector_complex_get(cv, 3));
    gsl_vector_complex_free(cv);
    gsl_matrix_complex_free(c);
    gsl_matrix_complex_float *cf = gsl_matrix_complex_float_alloc(N, 2);
    gsl_matrix_complex_float_set_zero(cf);
    gsl_matrix_complex_float_free(cf);

    /* integration workspace */
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(100);
    gsl_function F = {f, NULL};
    double result, err;
    gsl_integration_qags(&F, 0, 1, 0, 1e-8, 100, w, &result, &err);
    sum += result;
    gsl_integration_workspace_free(w);

    gsl_permutation_free(p);
    gsl_vector_free(x);
    gsl_vector_free(b);
    gsl_matrix_free(acopy);
    gsl_matrix_free(a);
    return sum;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 1000;
    double checksum = 0;
    for (int r = 0; r < rounds; r++)
        checksum += one_round(r);
    struct mallinfo2 mi = mallinfo2();
    printf("rounds=%d in_use=%zu mmapped=%zu checksum=%.6f\n", rounds, mi.uordblks, mi.hblkhd,
           checksum);
    return 0;
}
