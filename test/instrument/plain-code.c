// Code that calls no tensor API compiles to the same IR with and without
// the plugin (the forced location tracking leaves nothing behind; only the
// numbering of metadata nodes may differ).
// RUN: %clang -O0 -S -emit-llvm -o %t.plain.ll %s
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -O0 -S -emit-llvm -o %t.plugin.ll %s
// RUN: sed -E 's/![0-9]+/!N/g' %t.plain.ll > %t.plain.norm
// RUN: sed -E 's/![0-9]+/!N/g' %t.plugin.ll > %t.plugin.norm
// RUN: diff %t.plain.norm %t.plugin.norm
// RUN: %clang -O2 -S -emit-llvm -o %t.plain2.ll %s
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -O2 -S -emit-llvm -o %t.plugin2.ll %s
// RUN: sed -E 's/![0-9]+/!N/g' %t.plain2.ll > %t.plain2.norm
// RUN: sed -E 's/![0-9]+/!N/g' %t.plugin2.ll > %t.plugin2.norm
// RUN: diff %t.plain2.norm %t.plugin2.norm
#include <stdlib.h>
#include <string.h>

struct node { struct node *next; int value; };
static struct node *head;

int push(int v) {
  struct node *n = malloc(sizeof *n);
  if (!n)
    return -1;
  n->value = v;
  n->next = head;
  head = n;
  return 0;
}

int sum(void) {
  int s = 0;
  for (struct node *n = head; n; n = n->next)
    s += n->value;
  return s;
}

void clear(void) {
  while (head) {
    struct node *n = head;
    head = n->next;
    free(n);
  }
}
