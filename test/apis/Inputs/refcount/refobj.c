/* Plain C implementation of refobj.h. */
#include "refobj.h"

#include <stdlib.h>

struct refobj { long refs; double value; };
struct reflist { int n; refobj **items; };

refobj *obj_new(double value) {
  refobj *o = malloc(sizeof *o);
  if (o) {
    o->refs = 1;
    o->value = value;
  }
  return o;
}
void obj_incref(refobj *o) { o->refs++; }
void obj_decref(refobj *o) {
  if (--o->refs == 0)
    free(o);
}
double obj_value(const refobj *o) { return o->value; }
long obj_refcount(const refobj *o) { return o->refs; }

reflist *list_new(int n) {
  reflist *l = malloc(sizeof *l);
  if (!l)
    return NULL;
  l->n = n;
  l->items = calloc((size_t)n, sizeof *l->items);
  if (!l->items) {
    free(l);
    return NULL;
  }
  return l;
}
void list_set(reflist *l, int i, refobj *steal) {
  if (l->items[i])
    obj_decref(l->items[i]);
  l->items[i] = steal;
}
refobj *list_get(const reflist *l, int i) { return l->items[i]; }
void list_free(reflist *l) {
  if (!l)
    return;
  for (int i = 0; i < l->n; i++)
    if (l->items[i])
      obj_decref(l->items[i]);
  free(l->items);
  free(l);
}
