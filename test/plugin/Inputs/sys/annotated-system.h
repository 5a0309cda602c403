/* Included as a system header by unknown-annotation-controls.c. */
#pragma clang system_header
void sys_typo(void *t) __attribute__((annotate("tscope_frees", 1)));
