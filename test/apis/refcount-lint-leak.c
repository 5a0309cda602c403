// Reference counts in the lint: every create and every retain
// (obj_incref) owns one reference, every release (obj_decref) gives one
// back.  A retain never given back is a leak; a release more than the
// references held is an over-release, reported as -Wtscope-double-release.
// A release gives back the newest retain's reference first, so when fewer
// releases than references are made, the object (its create) is what leaks,
// with a note at each retain.
// RUN: %clang %tscope_plugin -fsyntax-only -fplugin-arg-tensorscope-api=%api_inputs/refcount/refobj.yaml -I%api_inputs/refcount %s -Xclang -verify -Xclang -verify-ignore-unexpected=note
// RUN: %clang %tscope_plugin -fsyntax-only -fplugin-arg-tensorscope-api=%api_inputs/refcount/refobj.yaml -I%api_inputs/refcount %s 2>&1 | FileCheck %s --check-prefix=NOTE
#include "refobj.h"

double incref_without_decref(void) {
  refobj *o = obj_new(1.0);
  if (!o)
    return 0;
  obj_incref(o);
  double v = obj_value(o);
  obj_decref(o);
  return v; // expected-warning {{the tensor created by 'obj_new' is never released: it leaks at this return}}
  // NOTE: refcount-lint-leak.c:[[#@LINE-4]]:3: note: one more reference taken here by 'obj_incref' (a create and each retain each need a release)
}

double decref_too_many(void) {
  refobj *o = obj_new(2.0);
  if (!o)
    return 0;
  obj_incref(o);
  obj_decref(o);
  obj_decref(o);
  obj_decref(o); // expected-warning {{the tensor created by 'obj_new' is released more times than it holds references (one from its create, one per retain)}}
  return 0;
}

// A borrowed argument retained and then dropped.
double keep_arg(refobj *arg) {
  obj_incref(arg);
  return obj_value(arg); // expected-warning {{the reference taken by 'obj_incref' is never released: it leaks at this return}}
}

// The object is used after the reference that kept it alive was given back.
double use_after_last_decref(void) {
  refobj *o = obj_new(3.0);
  if (!o)
    return 0;
  obj_incref(o);
  obj_decref(o);
  obj_decref(o);
  return obj_value(o); // expected-warning {{the tensor created by 'obj_new' is passed to 'obj_value' after it was released}}
}

// The classic leak in a loop: a reference taken per iteration.  One
// finding, where 'o' goes out of scope at the end of each iteration.
double loop_incref(refobj *const *items, int n) {
  double sum = 0;
  for (int i = 0; i < n; i++) {
    refobj *o = obj_new((double)i);
    if (!o)
      return sum;
    obj_incref(o);
    sum += obj_value(o);
    obj_decref(o);
  } // expected-warning {{the tensor created by 'obj_new' leaks: 'o' goes out of scope while it still holds it}}
  (void)items;
  return sum;
}
