/* Compiled under ccache by ccache-check.sh: with the full tensors.yaml
   nothing leaks; without its 'releases' entry the lint reports a leak, and
   the object's instrumentation differs too. */
typedef struct tl tl;
tl *tl_new(void);
void tl_free(tl *);
int use(void) {
  tl *t = tl_new();
  int ok = t != 0;
  tl_free(t);
  return ok;
}
