// The correct versions of leaks-run.c's programs, plus Py_CLEAR, a
// Py_INCREF balanced by a second Py_DECREF, and a conversion that returns
// the array it was given (a new reference to a live array): no report, and
// the same output and exit status as built without the plugin, at -O0 and
// -O2, with and without ASan (LeakSanitizer off: the interpreter keeps
// memory until exit by design).
// RUN: env TS_PLUGIN_ARGS=-fplugin-arg-tensorscope-api=numpy TS_ASAN_OPTIONS=detect_leaks=0 %same_run %s %numpy_cflags %numpy_include %numpy_libs
#include <numpy_test.h>
#include <stdio.h>

static double smooth(int steps) {
  npy_intp dims[1] = {8};
  double total = 0;
  for (int i = 0; i < steps; i++) {
    PyObject *out = PyArray_ZEROS(1, dims, NPY_DOUBLE, 0);
    if (!out)
      return total;
    ((double *)PyArray_DATA((PyArrayObject *)out))[0] = i;
    total += sum(out);
    Py_DECREF(out);
  }
  return total;
}

static int convert(PyObject *obj, double *result) {
  npy_intp dims[1] = {3};
  PyObject *scratch = PyArray_SimpleNew(1, dims, NPY_DOUBLE);
  if (!scratch)
    return -1;
  PyObject *arr = PyArray_FROM_OTF(obj, NPY_DOUBLE, NPY_ARRAY_IN_ARRAY);
  if (!arr) {
    PyErr_Clear();
    Py_DECREF(scratch);
    return -1;
  }
  *result = sum(arr);
  Py_DECREF(arr);
  Py_CLEAR(scratch);
  return 0;
}

static double contiguous_sum(PyObject *obj) {
  PyObject *c = PyArray_ContiguousFromObject(obj, NPY_DOUBLE, 1, 1);
  if (!c) {
    PyErr_Clear();
    return -1;
  }
  double s = sum(c);
  Py_XDECREF(c);
  return s;
}

// A second owner of one array, and a conversion that hands back the array
// it was given.
static double shared(void) {
  npy_intp dims[1] = {4};
  PyObject *a = PyArray_ZEROS(1, dims, NPY_DOUBLE, 0);
  if (!a)
    return -1;
  Py_INCREF(a);
  PyObject *holder = a;
  PyObject *same = PyArray_FROM_OTF(a, NPY_DOUBLE, NPY_ARRAY_IN_ARRAY);
  double s = same ? sum(same) + (same == a) : -1;
  Py_XDECREF(same);
  Py_DECREF(holder);
  Py_DECREF(a);
  return s;
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
  printf("shared %.1f\n", shared());
  Py_DECREF(list);
  Py_DECREF(text);
  Py_Finalize();
  return 0;
}
