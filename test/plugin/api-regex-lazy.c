// `match:` entries of an API file are tried, at the end of the TU, on the
// functions the TU calls, takes the address of or defines; dump-roles and
// api-check still try every declaration (api-check is how an API file is
// checked against a library's headers).
// Calls get their roles: the instrumentation tracks what lz_new_f32 and a
// function pointer to lz_new_i32 create (through its thunk), and lz_new_f64
// is only declared.
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 \
// RUN:   -fplugin-arg-tensorscope-api=%S/Inputs/lazy-regex.yaml -O0 -S -emit-llvm -o - %s \
// RUN:   | FileCheck %s --check-prefix=IR
// IR-LABEL: define {{.*}}@use(
// IR: %[[T:.*]] = call ptr @lz_new_f32(
// IR-NEXT: call ptr @tscope_track(ptr %[[T]], ptr @lz_free,
// IR: call i32 @tscope_release(
// IR-LABEL: define {{.*}}@by_pointer(
// IR: ret ptr @__tscope_thunk.lz_new_i32
// IR-LABEL: define internal ptr @__tscope_thunk.lz_new_i32(
// IR: %[[U:.*]] = call ptr @lz_new_i32(
// IR-NEXT: call ptr @tscope_track(ptr %[[U]],
// Roles for every declaration when they are dumped:
// RUN: %clang -fsyntax-only %tscope_plugin -fplugin-arg-tensorscope-lint=0 \
// RUN:   -fplugin-arg-tensorscope-api=%S/Inputs/lazy-regex.yaml \
// RUN:   -fplugin-arg-tensorscope-dump-roles=1 -DNO_DROP %s | FileCheck %s --check-prefix=DUMP
// DUMP: tscope-roles: 4 functions
// DUMP: tscope-role: lz_new_f64 creates
// The wrong entry names only unused declarations: no error in an ordinary
// compile; api-check reports it at the entry and the declaration.
// RUN: %clang -fsyntax-only %tscope_plugin -fplugin-arg-tensorscope-api=%S/Inputs/lazy-regex.yaml %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: error
// RUN: not %clang -fsyntax-only %tscope_plugin -fplugin-arg-tensorscope-api=%S/Inputs/lazy-regex.yaml \
// RUN:   -fplugin-arg-tensorscope-api-check=1 %s 2>&1 | FileCheck %s --check-prefix=CHECKED
// CHECKED: error: tensorscope: API description {{.*}}lazy-regex.yaml:11:5: 'param: 3' of role 'releases' is out of range for 'lz_drop_a', which has 1 parameter
typedef struct lz lz;
lz *lz_new_f32(int n);
lz *lz_new_f64(int n);
lz *lz_new_i32(int n);
void lz_free(lz *t);
#ifndef NO_DROP
void lz_drop_a(lz *t);
void lz_drop_b(lz *t);
#endif

float use(int n) {
  lz *t = lz_new_f32(n);
  lz_free(t);
  return 0;
}

lz *(*by_pointer(void))(int) { return lz_new_i32; }
