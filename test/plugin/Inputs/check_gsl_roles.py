#!/usr/bin/env python3
"""Checks the role table the plugin printed for all GSL headers with
apis/gsl.yaml against the headers themselves, independently of the YAML's
regular expressions:

  - block/vector/matrix of all 14 element types: every alloc, calloc and
    _alloc_from_* / _alloc_{row,col}_from_matrix creates, released by the
    same type's _free; every _free releases argument 1;
  - every function returning a view type (..._view / ..._const_view) and
    every _ptr / _const_ptr borrows argument 1;
  - permutation, rng, qrng, interp, interp_accel, interp2d, spline,
    spline2d, integration, multimin, multiroot, odeiv2 and eigen: every
    allocating function creates, and every _free releases argument 1;
  - the release function of every create is declared and releases.

usage: check_gsl_roles.py GSL_INCLUDE_DIR ROLES_FILE
"""
import os
import re
import sys

TYPES = ["", "_char", "_complex", "_complex_float", "_complex_long_double",
         "_float", "_int", "_long", "_long_double", "_short", "_uchar",
         "_uint", "_ulong", "_ushort"]
CONTAINER_CREATES = {
    "block": ["alloc", "calloc"],
    "vector": ["alloc", "calloc", "alloc_from_block", "alloc_from_vector",
               "alloc_row_from_matrix", "alloc_col_from_matrix"],
    "matrix": ["alloc", "calloc", "alloc_from_block", "alloc_from_matrix"],
}
FAMILIES = ["permutation", "rng", "qrng", "interp", "interp_accel",
            "interp2d", "spline", "spline2d", "integration", "multimin",
            "multiroot", "odeiv2", "eigen"]


def header_functions(gsl_dir):
    names, views = set(), set()
    for name in os.listdir(gsl_dir):
        if not name.endswith(".h"):
            continue
        with open(os.path.join(gsl_dir, name), errors="replace") as f:
            text = f.read()
        names.update(re.findall(r"\b(gsl_\w+)\s*\(", text))
        views.update(m.group(2) for m in re.finditer(
            r"\b(_gsl_\w+_view)\s+(gsl_\w+)\s*\(", text))
    return names, views


def read_roles(path):
    roles = {}
    with open(path) as f:
        for line in f:
            if line.startswith("tscope-role: "):
                fields = line.split()
                roles[fields[1]] = " ".join(fields[2:])
    return roles


def main():
    gsl_dir, roles_file = sys.argv[1], sys.argv[2]
    declared, views = header_functions(gsl_dir)
    roles = read_roles(roles_file)
    problems = []
    checked = 0

    def expect(name, what):
        nonlocal checked
        checked += 1
        got = roles.get(name)
        if got is None or not re.search(what, got):
            problems.append("%s: expected /%s/, got %r" % (name, what, got))

    for container, creates in CONTAINER_CREATES.items():
        for t in TYPES:
            free = "gsl_%s%s_free" % (container, t)
            if free not in declared:
                problems.append("%s is not declared in the headers" % free)
                continue
            expect(free, r"^releases\(1\) accepts_null=1")
            for c in creates:
                name = "gsl_%s%s_%s" % (container, t, c)
                if name in declared:
                    expect(name, r"^creates null=may release=%s " % free)
                else:
                    problems.append("%s is not declared in the headers" % name)
    for name in sorted(views):
        expect(name, r"borrows\(1\)")
    for name in sorted(declared):
        if re.match(r"^gsl_(vector|matrix)\w*_(const_)?ptr$", name):
            expect(name, r"borrows\(1\)")
    for family in FAMILIES:
        for name in sorted(declared):
            if not name.startswith("gsl_%s_" % family):
                continue
            if re.search(r"_(alloc|calloc)$|_alloc_\w+_new$|_control_\w+_new$", name) \
               or name in ("gsl_rng_clone", "gsl_qrng_clone"):
                expect(name, r"^creates ")
            elif name.endswith("_free"):
                expect(name, r"^releases\(1\)")
    for name, text in sorted(roles.items()):
        m = re.search(r"release=(\S+)", text)
        if m:
            checked += 1
            release = m.group(1)
            if release not in declared:
                problems.append("%s: release function %s is not declared" % (name, release))
            elif not roles.get(release, "").startswith("releases(1)"):
                problems.append("%s: release function %s does not release" % (name, release))
    for p in problems:
        print("gsl roles: " + p)
    print("gsl roles: %d checks, %d problems, %d functions with roles"
          % (checked, len(problems), len(roles)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
