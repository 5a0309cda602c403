// The lint on NumPy glue code: the creation macros (calls through
// PyArray_API[]) create, Py_DECREF / Py_XDECREF / Py_CLEAR release, and a
// leak's fix-it writes Py_DECREF.
// RUN: %clang %tscope_plugin -fsyntax-only %numpy_cflags %numpy_include -fplugin-arg-tensorscope-api=numpy -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %clang %tscope_plugin -fsyntax-only %numpy_cflags %numpy_include -fplugin-arg-tensorscope-api=numpy -fdiagnostics-parseable-fixits %s 2>&1 | FileCheck %s
#include <numpy_test.h>

double smooth(int steps) {
  npy_intp dims[1] = {8};
  PyObject *out = NULL;
  double total = 0;
  for (int i = 0; i < steps; i++) {
    out = PyArray_ZEROS(1, dims, NPY_DOUBLE, 0); // expected-warning {{the tensor created by 'PyArray_ZEROS' leaks: 'out' is overwritten while it still holds it (the tensor from the previous loop iteration)}}
    if (!out)
      return total;
    total += sum(out);
  }
  Py_XDECREF(out);
  return total;
}

int convert(PyObject *obj, double *result) {
  npy_intp dims[1] = {3};
  PyObject *scratch = PyArray_SimpleNew(1, dims, NPY_DOUBLE);
  if (!scratch)
    return -1;
  PyObject *arr = PyArray_FROM_OTF(obj, NPY_DOUBLE, NPY_ARRAY_IN_ARRAY);
  if (!arr) {
    PyErr_Clear();
    return -1; // expected-warning {{the tensor created by 'PyArray_SimpleNew' is never released: it leaks at this return}}
    // CHECK: lint.c:[[@LINE-1]]:5: warning: the tensor created by 'PyArray_SimpleNew' is never released
    // CHECK: fix-it:"{{.*}}lint.c":{[[@LINE-2]]:5-[[@LINE-2]]:5}:"Py_DECREF(scratch); "
  }
  *result = sum(arr);
  Py_DECREF(arr);
  Py_DECREF(scratch);
  return 0;
}

double contiguous_sum(PyObject *obj) {
  PyObject *c = PyArray_ContiguousFromObject(obj, NPY_DOUBLE, 1, 1);
  if (!c)
    return -1;
  return sum(c); // expected-warning {{the tensor created by 'PyArray_ContiguousFromObject' is never released: it leaks at this return}}
}

void cleared_twice(void) {
  npy_intp dims[1] = {2};
  PyObject *a = PyArray_EMPTY(1, dims, NPY_DOUBLE, 0);
  if (!a)
    return;
  PyObject *alias = a;
  Py_CLEAR(a);
  Py_DECREF(alias); // expected-warning {{the tensor created by 'PyArray_EMPTY' is released twice}}
}

// The correct versions: no warning.
double smooth_correct(int steps) {
  npy_intp dims[1] = {8};
  double total = 0;
  for (int i = 0; i < steps; i++) {
    PyObject *out = PyArray_ZEROS(1, dims, NPY_DOUBLE, 0);
    if (!out)
      return total;
    total += sum(out);
    Py_DECREF(out);
  }
  return total;
}

int convert_correct(PyObject *obj, double *result) {
  npy_intp dims[1] = {3};
  PyObject *scratch = PyArray_SimpleNew(1, dims, NPY_DOUBLE);
  if (!scratch)
    return -1;
  PyObject *arr = PyArray_FROM_OTF(obj, NPY_DOUBLE, NPY_ARRAY_IN_ARRAY);
  if (!arr) {
    Py_CLEAR(scratch);
    return -1;
  }
  *result = sum(arr);
  Py_DECREF(arr);
  Py_XDECREF(scratch);
  return 0;
}

// Reference counts on the real headers: each Py_INCREF is a reference that
// a Py_DECREF gives back.  Python's own Py_XINCREF (a static inline function
// described as retaining its parameter) hands its reference to its caller:
// no finding inside it.
PyObject *keep_one(int n) {
  npy_intp dims[1] = {n};
  PyObject *a = PyArray_SimpleNew(1, dims, NPY_DOUBLE);
  if (!a)
    return NULL;
  Py_INCREF(a);
  Py_DECREF(a); // gives back the INCREF's reference: the create's is left
  return NULL; // expected-warning {{the tensor created by 'PyArray_SimpleNew' is never released}}
}

void decref_twice(int n) {
  npy_intp dims[1] = {n};
  PyObject *a = PyArray_SimpleNew(1, dims, NPY_DOUBLE);
  if (!a)
    return;
  Py_XINCREF(a);
  Py_DECREF(a);
  Py_DECREF(a);
  Py_DECREF(a); // expected-warning {{the tensor created by 'PyArray_SimpleNew' is released more times than it holds references}}
}

PyObject *incref_leak(PyObject *x) {
  Py_INCREF(x);
  return NULL; // expected-warning {{the reference taken by 'Py_INCREF' is never released: it leaks at this return}}
}

PyObject *shared_result(PyObject *cached) {
  Py_XINCREF(cached); // the caller gets a new reference: returned below
  return cached;
}
