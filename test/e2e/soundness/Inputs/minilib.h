/* A small tensor library built the way GSL is: a matrix owns a block, both
 * are described creates, the matrix's create and release call the block's
 * (directly and through a static helper only they call), and every
 * allocation is counted so a program can print what is still allocated. */
#include <stdlib.h>

typedef struct ml_block { size_t n; double *data; } ml_block;
typedef struct ml_matrix { size_t rows, cols; ml_block *block; int owner; } ml_matrix;

static long ml_allocated;

ml_block *ml_block_alloc(size_t n) {
  ml_block *b = malloc(sizeof *b);
  b->n = n;
  b->data = calloc(n, sizeof(double));
  ml_allocated += 2;
  return b;
}
void ml_block_free(ml_block *b) {
  if (!b)
    return;
  free(b->data);
  free(b);
  ml_allocated -= 2;
}
static ml_block *block_for(size_t rows, size_t cols) { return ml_block_alloc(rows * cols); }
static void drop_block(ml_matrix *m) {
  if (m->owner)
    ml_block_free(m->block);
}
ml_matrix *ml_matrix_alloc(size_t rows, size_t cols) {
  ml_matrix *m = malloc(sizeof *m);
  ml_allocated++;
  m->rows = rows;
  m->cols = cols;
  m->block = block_for(rows, cols);
  m->owner = 1;
  return m;
}
/* A view on a block the caller keeps. */
ml_matrix *ml_matrix_wrap(ml_block *b, size_t rows) {
  ml_matrix *m = malloc(sizeof *m);
  ml_allocated++;
  m->rows = rows;
  m->cols = b->n / rows;
  m->block = b;
  m->owner = 0;
  return m;
}
void ml_matrix_free(ml_matrix *m) {
  if (!m)
    return;
  drop_block(m);
  free(m);
  ml_allocated--;
}
/* Not described: a user of the library calls it like any function. */
ml_matrix *ml_matrix_clone(const ml_matrix *src) {
  ml_matrix *m = ml_matrix_alloc(src->rows, src->cols);
  for (size_t i = 0; i < src->rows * src->cols; i++)
    m->block->data[i] = src->block->data[i];
  return m;
}
