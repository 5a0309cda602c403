#include "cxxapi.h"

struct cstatus { ccode code; };
struct cthing { double value; };
static cthing not_made = {-1};

cstatus *status_new() { return new cstatus{C_OK}; }
void status_free(cstatus *s) { delete s; }
ccode status_code(const cstatus *s) { return s->code; }
void thing_make(double value, cthing **out, cstatus *s) {
  if (value < 0) {
    *out = &not_made;
    s->code = C_FAILED;
    return;
  }
  *out = new cthing{value};
  s->code = C_OK;
}
void thing_free(cthing *t) { delete t; }
double thing_value(const cthing *t) { return t->value; }
