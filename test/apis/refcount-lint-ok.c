// Reference counts in the lint, balanced: nothing to report.  A reference
// per create and per retain, each given back once; a retained argument
// returned or stored (either order) passes its reference on; a consuming
// call (list_set) takes one.
// RUN: %clang %tscope_plugin -fsyntax-only -fplugin-arg-tensorscope-api=%api_inputs/refcount/refobj.yaml -I%api_inputs/refcount %s -Xclang -verify
// expected-no-diagnostics
#include "refobj.h"

double balanced(void) {
  refobj *o = obj_new(1.0);
  if (!o)
    return 0;
  obj_incref(o);
  obj_incref(o);
  double v = obj_value(o);
  obj_decref(o);
  v += obj_value(o); // still alive: two references were held
  obj_decref(o);
  v += obj_value(o);
  obj_decref(o);
  return v;
}

refobj *new_reference(refobj *arg) {
  obj_incref(arg);
  return arg;
}

struct holder { refobj *item; };

void store_then_incref(struct holder *h, refobj *arg) {
  h->item = arg;
  obj_incref(arg);
}

void incref_then_store(struct holder *h, refobj *arg) {
  obj_incref(arg);
  h->item = arg;
}

int fill(reflist *l, refobj *shared, int n) {
  for (int i = 0; i < n; i++) {
    obj_incref(shared);
    list_set(l, i, shared); // takes the reference just taken
  }
  return n;
}

double loop_balanced(int n) {
  double sum = 0;
  for (int i = 0; i < n; i++) {
    refobj *o = obj_new((double)i);
    if (!o)
      return sum;
    obj_incref(o);
    sum += obj_value(o);
    obj_decref(o);
    obj_decref(o);
  }
  return sum;
}
