// A C++ (not extern "C") test API whose create reports success in a status
// object read by a getter, as the TensorFlow C API does, but with mangled
// names: the instrumentation must call the getter by its symbol.
#ifndef TSCOPE_TEST_CXXAPI_H
#define TSCOPE_TEST_CXXAPI_H

struct cstatus;
struct cthing;
enum ccode { C_OK = 0, C_FAILED = 3 };

cstatus *status_new();
void status_free(cstatus *s);
ccode status_code(const cstatus *s);
// Writes a new thing into *out and C_OK into s; fails (C_FAILED, *out set
// to a static thing that must not be freed) for a negative value.
void thing_make(double value, cthing **out, cstatus *s);
void thing_free(cthing *t);
double thing_value(const cthing *t);

#endif
