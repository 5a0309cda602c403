/* What every NumPy test program needs: the embedded interpreter with NumPy
 * imported, and a sum over a 1-D double array. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

static int start_numpy(void) {
  Py_Initialize();
  import_array1(-1);
  return 0;
}

static double sum(PyObject *a) {
  PyArrayObject *arr = (PyArrayObject *)a;
  const double *d = (const double *)PyArray_DATA(arr);
  double s = 0;
  for (npy_intp i = 0; i < PyArray_SIZE(arr); i++)
    s += d[i];
  return s;
}
