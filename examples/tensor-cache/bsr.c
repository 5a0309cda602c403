/* bsr.c -- see bsr.h. */
#include "bsr.h"

#include <stdlib.h>

bsr bsr_new(unsigned id, uint64_t m, uint64_t k, uint64_t block, unsigned seed) {
    bsr a = {id, m, k, block, NULL, NULL};
    size_t rows = m / block, cols = k / block;
    a.crow_indices = itensor_new(rows + 1);
    int32_t *crow = a.crow_indices->data;
    /* About a quarter of the blocks are stored; each row keeps at least one. */
    unsigned state = seed * 2654435761u + 1;
    int32_t *col = malloc(rows * cols * sizeof *col);
    size_t nnz = 0;
    for (size_t r = 0; r < rows; r++) {
        crow[r] = (int32_t)nnz;
        for (size_t c = 0; c < cols; c++) {
            state = state * 1103515245u + 12345u;
            if ((state >> 16) % 4 == 0 || c == r % cols)
                col[nnz++] = (int32_t)c;
        }
    }
    crow[rows] = (int32_t)nnz;
    a.col_indices = itensor_new(nnz);
    for (size_t i = 0; i < nnz; i++)
        a.col_indices->data[i] = col[i];
    free(col);
    return a;
}

void bsr_release(bsr *a) {
    itensor_release(a->crow_indices);
    itensor_release(a->col_indices);
    a->crow_indices = a->col_indices = NULL;
}

plan *plan_compute(const bsr *a, int hold_crow) {
    plan *p = malloc(sizeof *p);
    if (!p)
        abort();
    const itensor *crow = a->crow_indices;
    p->matrix_id = a->id;
    p->crow_indices = hold_crow ? itensor_retain(a->crow_indices) : NULL;
    p->block_rows = itensor_new(a->col_indices->n);
    for (size_t r = 0; r + 1 < crow->n; r++)
        for (int32_t i = crow->data[r]; i < crow->data[r + 1]; i++)
            p->block_rows->data[i] = (int32_t)r;
    return p;
}

void plan_free(void *v) {
    plan *p = v;
    itensor_release(p->crow_indices);
    itensor_release(p->block_rows);
    free(p);
}

int plan_is_for(const plan *p, const bsr *a) {
    return p->matrix_id == a->id;
}
