/* A small reference-counted test API (the shape of CPython's objects):
 * obj_new returns an object holding one reference, obj_incref adds one,
 * obj_decref gives one back and frees the object at the last. */
#ifndef TSCOPE_TEST_REFOBJ_H
#define TSCOPE_TEST_REFOBJ_H

typedef struct refobj refobj;

refobj *obj_new(double value);
void obj_incref(refobj *o);
void obj_decref(refobj *o);
double obj_value(const refobj *o);
long obj_refcount(const refobj *o);

/* A list that takes over the reference it is given (like PyList_SetItem). */
typedef struct reflist reflist;
reflist *list_new(int n);
void list_set(reflist *l, int i, refobj *steal);
refobj *list_get(const reflist *l, int i); /* borrowed */
void list_free(reflist *l);

#endif
