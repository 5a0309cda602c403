// End to end on NumPy glue code with an embedded interpreter: a loop that
// overwrites its output array, an error path that forgets a scratch array,
// a converted array never released.  The creation macros (calls through
// PyArray_API[]) and Py_DECREF / Py_XDECREF are instrumented at -O0 and
// -O2, with and without -g: the at-exit report names the user's lines and
// the macros, and the arrays released are not in it.
// RUN: %clang %tscope_plugin %numpy_cflags %numpy_include -fplugin-arg-tensorscope-api=numpy -fplugin-arg-tensorscope-lint=0 -O0 -o %t0 %s %numpy_libs %rtlib
// RUN: %t0 > %t0.out 2> %t0.err
// RUN: FileCheck %s < %t0.err
// RUN: FileCheck %s --check-prefix=OUT < %t0.out
// RUN: %clang %tscope_plugin %numpy_cflags %numpy_include -fplugin-arg-tensorscope-api=numpy -fplugin-arg-tensorscope-lint=0 -O2 -g -o %t2 %s %numpy_libs %rtlib
// RUN: %t2 > %t2.out 2> %t2.err
// RUN: FileCheck %s < %t2.err
// The other levels: -O1 -g and -O3 without -g.
// RUN: %clang %tscope_plugin %numpy_cflags %numpy_include -fplugin-arg-tensorscope-api=numpy -fplugin-arg-tensorscope-lint=0 -O1 -g -o %t1g %s %numpy_libs %rtlib
// RUN: %t1g > %t1g.out 2> %t1g.err
// RUN: FileCheck %s < %t1g.err
// RUN: %clang %tscope_plugin %numpy_cflags %numpy_include -fplugin-arg-tensorscope-api=numpy -fplugin-arg-tensorscope-lint=0 -O3 -o %t3 %s %numpy_libs %rtlib
// RUN: %t3 > %t3.out 2> %t3.err
// RUN: FileCheck %s < %t3.err
#include <numpy_test.h>
#include <stdio.h>

static double smooth(int steps) {
  npy_intp dims[1] = {8};
  PyObject *out = NULL;
  double total = 0;
  for (int i = 0; i < steps; i++) {
    out = PyArray_ZEROS(1, dims, NPY_DOUBLE, 0); // CHECK-DAG: TensorScope: 2 tensors created at {{.*}}leaks-run.c:[[#@LINE]] in smooth (PyArray_ZEROS)
    if (!out)
      return total;
    ((double *)PyArray_DATA((PyArrayObject *)out))[0] = i;
    total += sum(out);
  }
  Py_XDECREF(out);
  return total;
}

static int convert(PyObject *obj, double *result) {
  npy_intp dims[1] = {3};
  PyObject *scratch = PyArray_SimpleNew(1, dims, NPY_DOUBLE); // CHECK-DAG: TensorScope: 1 tensor created at {{.*}}leaks-run.c:[[#@LINE]] in convert (PyArray_SimpleNew)
  if (!scratch)
    return -1;
  PyObject *arr = PyArray_FROM_OTF(obj, NPY_DOUBLE, NPY_ARRAY_IN_ARRAY);
  if (!arr) {
    PyErr_Clear();
    return -1; // forgets scratch
  }
  *result = sum(arr);
  Py_DECREF(arr);
  Py_DECREF(scratch);
  return 0;
}

static double contiguous_sum(PyObject *obj) {
  PyObject *c = PyArray_ContiguousFromObject(obj, NPY_DOUBLE, 1, 1); // CHECK-DAG: TensorScope: 1 tensor created at {{.*}}leaks-run.c:[[#@LINE]] in contiguous_sum (PyArray_ContiguousFromObject)
  if (!c) {
    PyErr_Clear();
    return -1;
  }
  return sum(c); // never released
}

int main(void) {
  if (start_numpy() < 0)
    return 1;
  printf("smooth %.1f\n", smooth(3));
  PyObject *list = Py_BuildValue("[ddd]", 1.0, 2.0, 3.0);
  PyObject *text = PyUnicode_FromString("abc");
  double r = 0;
  int ok = convert(list, &r);
  printf("convert %d %.1f\n", ok, r);
  printf("convert %d\n", convert(text, &r));
  printf("contiguous %.1f\n", contiguous_sum(list));
  Py_DECREF(list);
  Py_DECREF(text);
  Py_Finalize();
  return 0;
}
// CHECK: TensorScope: 4 tensors leaked from 3 sites
// OUT: smooth 3.0
// OUT-NEXT: convert 0 6.0
// OUT-NEXT: convert -1
// OUT-NEXT: contiguous 6.0
