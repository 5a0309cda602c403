// Roles from an API description file: every role, every field, regex
// entries with backreferences, and merging with annotations.
// RUN: %clang -fsyntax-only %tscope_plugin -fplugin-arg-tensorscope-lint=0 \
// RUN:   -fplugin-arg-tensorscope-api=%S/Inputs/tensorlib.yaml \
// RUN:   -fplugin-arg-tensorscope-dump-roles=1 %s | FileCheck %s
// RUN: %clangxx -x c++ -fsyntax-only %tscope_plugin -fplugin-arg-tensorscope-lint=0 \
// RUN:   -fplugin-arg-tensorscope-api=%S/Inputs/tensorlib.yaml \
// RUN:   -fplugin-arg-tensorscope-dump-roles=1 %s | FileCheck %s
#include <tensorscope.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef struct tl tl;
typedef struct status status;
tl *tl_new(int n);
void tl_free(tl *t);
int tl_make_zeros(int n, tl **out);
int tl_make_ones(int n, tl **out);
int tl_make_twos(int n, tl **out); /* no entry matches */
int tl_try(tl **out);
status *ort_create(void *env, int n, tl **out);
void ort_release(tl *t);
tl *tl_find(tl **out);
void tl_fill(tl **out);
tl *tl_ref(tl *t);
void tl_list_push(void *list, tl *t);
tl *tl_detach(tl *t);
tl *tl_slice(tl *t, int from, int to);
tl *tl_vec_alloc(int n);
void tl_vec_free(tl *v);
tl *tl_mat_alloc(int r, int c);
void tl_mat_free(tl *m);
tl *tl_mat_clone(tl *m);
tl *tl_annotated(tl *seed) TSCOPE_CREATES;
#ifdef __cplusplus
}
#endif

// CHECK: tscope-roles: 19 functions
// CHECK-NEXT: tscope-role: ort_create creates_out(3) success=returns_null null=may release=ort_release source=api origin={{.*}}tensorlib.yaml:22:5
// CHECK-NEXT: tscope-role: ort_release releases(1) accepts_null=1 source=api origin={{.*}}tensorlib.yaml:36:5
// CHECK-NEXT: tscope-role: tl_annotated creates null=aborts release=tl_free retains(1) source=annotation origin={{.*}}tensorlib.yaml:64:5
// CHECK-NEXT: tscope-role: tl_detach detaches(1) source=api origin={{.*}}tensorlib.yaml:45:5
// CHECK-NEXT: tscope-role: tl_fill creates_out(1) success=always null=may release=tl_free source=api
// CHECK-NEXT: tscope-role: tl_find creates_out(1) success=returns_nonnull null=may release=tl_free source=api
// CHECK-NEXT: tscope-role: tl_free releases(1) accepts_null=0 source=api origin={{.*}}tensorlib.yaml:8:5
// CHECK-NEXT: tscope-role: tl_list_push consumes(2) source=api
// CHECK-NEXT: tscope-role: tl_make_ones creates_out(2) success=returns_zero null=may release=tl_free source=api origin={{.*}}tensorlib.yaml:12:5
// CHECK-NEXT: tscope-role: tl_make_zeros creates_out(2) success=returns_zero null=may release=tl_free source=api origin={{.*}}tensorlib.yaml:12:5
// CHECK-NEXT: tscope-role: tl_mat_alloc creates null=may release=tl_mat_free source=api
// CHECK-NEXT: tscope-role: tl_mat_clone creates null=may release=tl_mat_free source=api
// CHECK-NEXT: tscope-role: tl_mat_free releases(1) accepts_null=1 source=api
// CHECK-NEXT: tscope-role: tl_new creates null=aborts release=tl_free source=api origin={{.*}}tensorlib.yaml:4:5
// CHECK-NEXT: tscope-role: tl_ref retains(1) source=api
// CHECK-NEXT: tscope-role: tl_slice borrows(1) source=api
// CHECK-NEXT: tscope-role: tl_try creates_out(1) success=returns_nonzero null=may release=tl_free source=api
// CHECK-NEXT: tscope-role: tl_vec_alloc creates null=may release=tl_vec_free source=api
// CHECK-NEXT: tscope-role: tl_vec_free releases(1) accepts_null=1 source=api
// CHECK-NOT: tl_make_twos
