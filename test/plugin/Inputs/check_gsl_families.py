#!/usr/bin/env python3
"""Fails when apis/gsl.yaml leaves out a GSL allocator/free family.

Reads the function declarations clang sees in all of libgsl-dev's headers
(the `-Xclang -ast-dump` of a file that includes every one of them), not
the YAML and not the functions' names, and the role table the plugin
printed for the same file with apis/gsl.yaml (`dump-roles=1`):

  - a *release function* is a function named *_free (or gsl_ntuple_close,
    GSL's one release with another name) whose only parameter is `T *`;
    T is then an *owned type*, released by that function;
  - every release function must release argument 1;
  - every function returning `T *` (const or not) for an owned T must
    create, with exactly T's release function as `release`, or borrow from
    a parameter that is itself a pointer to an owned type (a vector inside
    a solver, say); one whose name says it allocates (_alloc, _calloc,
    _alloc_*, _clone, _new, ...) must create;
  - every other function that returns a data pointer and takes a pointer to
    an owned type (gsl_vector_ptr, gsl_permutation_data, gsl_rng_state...)
    must borrow from that parameter;
  - except the functions of EXCLUDED, each with the reason it is not a
    tensor of the caller's.

usage: check_gsl_families.py AST_DUMP ROLES_FILE
Prints one line per problem and a summary line; exit status 1 on a problem.
"""
import re
import sys

# Functions the rules above would ask a role of, that are not tensors the
# caller owns or borrows.  Each needs a reason; a name here that the
# headers no longer declare is a problem too (the list stays honest).
EXCLUDED = {
    # gsl_bst stores the caller's own item pointers: these return one of
    # them (or NULL).  The tree never frees an item and gsl_bst_free leaves
    # them alone, so they belong to the caller, not to the tree.
    "gsl_bst_find": "returns the caller's own item stored in the tree",
    "gsl_bst_insert": "returns the caller's own item (the one already stored)",
    "gsl_bst_remove": "returns the caller's own item, now out of the tree",
    "gsl_bst_trav_find": "returns the caller's own item",
    "gsl_bst_trav_first": "returns the caller's own item",
    "gsl_bst_trav_last": "returns the caller's own item",
    "gsl_bst_trav_insert": "returns the caller's own item",
}

CREATOR_NAME = re.compile(r"_(alloc|calloc|clone|new|alloc\w*|calloc_\w+|preproc|create|open)$")


def split_params(sig):
    """'gsl_vector *(const gsl_matrix *, size_t)' -> ('gsl_vector *', [...])."""
    depth, start = 0, None
    for i, c in enumerate(sig):
        if c == "(":
            if depth == 0 and start is None:
                start = i
            depth += 1
        elif c == ")":
            depth -= 1
    if start is None:
        return sig.strip(), []
    ret, inner = sig[:start].strip(), sig[start + 1:sig.rstrip().rfind(")")]
    params, depth, cur = [], 0, ""
    for c in inner:
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        if c == "," and depth == 0:
            params.append(cur.strip())
            cur = ""
        else:
            cur += c
    if cur.strip() and cur.strip() != "void":
        params.append(cur.strip())
    return ret, params


def pointee(t):
    """The struct type a `T *` / `const T *` points to, or None."""
    m = re.match(r"^(?:const\s+)?(?:struct\s+)?(\w+)\s*\*$", t.strip())
    return m.group(1) if m else None


def is_data_pointer(t):
    t = t.strip()
    if not t.endswith("*") or "(" in t:
        return False
    base = pointee(t)
    if base in ("char",):  # names and error strings: static text
        return False
    if base and base.startswith("gsl_") and base.endswith("_type") and t.startswith("const"):
        return False  # the static algorithm descriptors (gsl_rng_mt19937...)
    return True


def read_functions(path):
    funcs = {}
    decl = re.compile(r"^\|-FunctionDecl 0x[0-9a-f]+ .* (gsl_\w+) '(.*?)'(?: \w+)*$")
    with open(path, errors="replace") as f:
        for line in f:
            m = decl.match(line.rstrip("\n"))
            if m:
                funcs[m.group(1)] = split_params(m.group(2))
    return funcs


def read_roles(path):
    roles = {}
    with open(path) as f:
        for line in f:
            if line.startswith("tscope-role: "):
                fields = line.split()
                roles[fields[1]] = " ".join(fields[2:])
    return roles


def main():
    funcs = read_functions(sys.argv[1])
    roles = read_roles(sys.argv[2])
    problems = []
    if len(funcs) < 1000:
        problems.append("only %d gsl_* declarations in %s: not the AST dump of all headers"
                        % (len(funcs), sys.argv[1]))

    release_of = {}
    for name, (ret, params) in sorted(funcs.items()):
        if (name.endswith("_free") or name == "gsl_ntuple_close") and len(params) == 1:
            t = pointee(params[0])
            if t:
                if t in release_of:
                    problems.append("%s and %s both release %s" % (release_of[t], name, t))
                release_of[t] = name
    owned = set(release_of)
    counts = {"free": 0, "create": 0, "borrow": 0}

    for t, free in sorted(release_of.items()):
        counts["free"] += 1
        if not roles.get(free, "").startswith("releases(1)"):
            problems.append("%s (frees %s): expected releases(1), got %r" % (free, t, roles.get(free)))

    def borrows_owned(name, params, role):
        m = re.match(r"borrows\((\d+)\)", role)
        if not m:
            return False
        i = int(m.group(1))
        return 1 <= i <= len(params) and pointee(params[i - 1]) in owned

    for name, (ret, params) in sorted(funcs.items()):
        if name in release_of.values():
            continue
        role = roles.get(name, "")
        t = pointee(ret)
        owned_params = [p for p in params if pointee(p) in owned]
        if t in owned:
            if name in EXCLUDED:
                continue
            if role.startswith("creates "):
                counts["create"] += 1
                got = re.search(r"release=(\S+)", role)
                if not got or got.group(1) != release_of[t]:
                    problems.append("%s returns %s *: expected release=%s, got %r"
                                    % (name, t, release_of[t], role))
            elif CREATOR_NAME.search(name):
                problems.append("%s allocates a %s: expected creates release=%s, got %r"
                                % (name, t, release_of[t], role or None))
            elif borrows_owned(name, params, role):
                counts["borrow"] += 1
            else:
                problems.append("%s returns a %s * from %s: expected creates or borrows, got %r"
                                % (name, t, ", ".join(params) or "nothing", role or None))
        elif is_data_pointer(ret) and owned_params:
            if name in EXCLUDED:
                continue
            if borrows_owned(name, params, role):
                counts["borrow"] += 1
            else:
                problems.append("%s returns %s from %s: expected borrows of it, got %r"
                                % (name, ret, ", ".join(owned_params), role or None))
    for name in sorted(EXCLUDED):
        if name not in funcs:
            problems.append("excluded %s is not declared in the headers" % name)
    for p in problems:
        print("gsl families: " + p)
    print("gsl families: %d release functions, %d creates, %d borrows, %d excluded, %d problems"
          % (counts["free"], counts["create"], counts["borrow"], len(EXCLUDED), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
