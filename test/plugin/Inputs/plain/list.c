/* A plain C program with its own allocations, recursion, function pointers
 * and setjmp: no tensor API. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
struct node { int value; struct node *next; };
static struct node *push(struct node *head, int v) {
  struct node *n = malloc(sizeof *n);
  n->value = v; n->next = head; return n;
}
static int fold(const struct node *n, int (*f)(int, int), int acc) {
  return n ? fold(n->next, f, f(acc, n->value)) : acc;
}
static int add(int a, int b) { return a + b; }
static int mix(int a, int b) { return a * 31 + b; }
static jmp_buf env;
static void bail(int depth) { if (depth == 3) longjmp(env, depth); bail(depth + 1); }
int main(void) {
  struct node *head = NULL;
  for (int i = 1; i <= 50; i++) head = push(head, i * i % 17);
  printf("sum=%d mix=%d\n", fold(head, add, 0), fold(head, mix, 7));
  int r = setjmp(env);
  if (r == 0) bail(0);
  printf("jumped=%d\n", r);
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 3; /* the exit status must survive too */
}
