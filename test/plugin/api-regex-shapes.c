// Regex entries of every shape get their roles: the cheap prefilter that
// skips the regex engine for most names must only reject true mismatches.
// RUN: %clang -fsyntax-only %tscope_plugin -fplugin-arg-tensorscope-lint=0 \
// RUN:   -fplugin-arg-tensorscope-api=%S/Inputs/regex-shapes.yaml \
// RUN:   -fplugin-arg-tensorscope-dump-roles=1 %s > %t.roles
// RUN: FileCheck %s < %t.roles
// RUN: FileCheck %s --check-prefix=NONE < %t.roles
typedef struct rx rx;
void rx_free(rx *r);
rx *rx_a_new(void);
rx *rx__new(void);
rx *rx_opt_(void);
rx *rx_opt_x(void);
rx *my_rx_mid_fn(void);
rx *rx_alt1(void);
rx *rx_alt2(void);
rx *rx_az(void);
rx *rx_endings(void);
rx *rx_ends(void);
rx *rx_two_make(void);
// None of these match: they must get no role.
rx *rx_c_new(void);
rx *rx_opt_xx(void);
rx *rx_alt3(void);
rx *rx_cz(void);
rx *rx_end(void);
rx *rx_endss(void);
rx *rx_three_make(void);
rx *rx_two_make_x(void);

// CHECK-DAG: tscope-role: rx_a_new creates
// CHECK-DAG: tscope-role: rx__new creates
// CHECK-DAG: tscope-role: rx_opt_ creates
// CHECK-DAG: tscope-role: rx_opt_x creates
// CHECK-DAG: tscope-role: my_rx_mid_fn creates
// CHECK-DAG: tscope-role: rx_alt1 creates
// CHECK-DAG: tscope-role: rx_alt2 creates
// CHECK-DAG: tscope-role: rx_az creates
// CHECK-DAG: tscope-role: rx_endings creates
// CHECK-DAG: tscope-role: rx_ends creates
// CHECK-DAG: tscope-role: rx_two_make creates
// NONE-NOT: tscope-role: rx_c_new
// NONE-NOT: tscope-role: rx_opt_xx
// NONE-NOT: tscope-role: rx_alt3
// NONE-NOT: tscope-role: rx_cz
// NONE-NOT: tscope-role: rx_end{{$| }}
// NONE-NOT: tscope-role: rx_endss
// NONE-NOT: tscope-role: rx_three_make
// NONE-NOT: tscope-role: rx_two_make_x
