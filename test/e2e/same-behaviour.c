// Plain C programs, and the project's own runtime sources, behave the same
// when compiled with the plugin (instrumentation on, even auto-scoping every
// function) as without it.
// RUN: %clang -O1 -o %t.plain %s
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 -O1 -o %t.plugin %s %rtlib
// RUN: %clang %tscope_plugin -fplugin-arg-tensorscope-lint=0 '-fplugin-arg-tensorscope-auto-scope=.*' -O0 -o %t.auto %s %rtlib
// RUN: %t.plain > %t.plain.out
// RUN: %t.plugin > %t.plugin.out
// RUN: %t.auto > %t.auto.out
// RUN: diff %t.plain.out %t.plugin.out
// RUN: diff %t.plain.out %t.auto.out
//
// The runtime compiled with the plugin, driving a program that uses it by
// hand, prints what the runtime compiled without it prints.
// RUN: rm -rf %t.rt && mkdir %t.rt
// RUN: cd %t.rt && %clang -std=c11 -D_GNU_SOURCE %tscope_plugin -fplugin-arg-tensorscope-lint=0 -I%srcroot/runtime -O1 -c %srcroot/runtime/*.c %srcroot/runtime/*/*.c
// RUN: %clang -I%S/Inputs -O1 -o %t.byhand.plugin %S/Inputs/by-hand.c %t.rt/*.o -lpthread
// RUN: %clang -I%S/Inputs -O1 -o %t.byhand.plain %S/Inputs/by-hand.c %rtlib
// RUN: %t.byhand.plain > %t.byhand.plain.out 2>&1
// RUN: %t.byhand.plugin > %t.byhand.plugin.out 2>&1
// RUN: diff %t.byhand.plain.out %t.byhand.plugin.out
// RUN: FileCheck %S/Inputs/by-hand.c < %t.byhand.plugin.out
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
  struct node *next;
  char *name;
};

static struct node *push(struct node *head, const char *name) {
  struct node *n = malloc(sizeof *n);
  n->name = strdup(name);
  n->next = head;
  return n;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void) {
  static const char *words[] = {"delta", "alpha", "echo", "bravo", "charlie"};
  struct node *list = NULL;
  for (size_t i = 0; i < sizeof words / sizeof *words; i++)
    list = push(list, words[i]);
  char *sorted[5];
  size_t n = 0;
  for (struct node *it = list; it; it = it->next)
    sorted[n++] = it->name;
  qsort(sorted, n, sizeof *sorted, by_name);
  for (size_t i = 0; i < n; i++)
    printf("%zu %s\n", i, sorted[i]);
  while (list) {
    struct node *next = list->next;
    free(list->name);
    free(list);
    list = next;
  }
  return 0;
}
