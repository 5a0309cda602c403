#!/usr/bin/env python3
"""check_links.py -- docs/index.md is a true table of contents.

usage: check_links.py DOCS_DIR [PAGE.md...]

Fails (exit 1, one line per problem naming FILE:LINE) when a page in
DOCS_DIR is not linked from DOCS_DIR/index.md, or when a relative link or
image in index.md or in the named pages points at a file that does not
exist.  Links to other sites and pure #anchors are not checked.
"""
import os
import re
import sys

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def relative_links(path):
    """(line number, target without #anchor) of each relative link."""
    out = []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            for target in LINK.findall(line):
                if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                    continue
                out.append((lineno, target.split("#", 1)[0]))
    return out


def main(argv):
    if not argv:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    docs = argv[0]
    index = os.path.join(docs, "index.md")
    if not os.path.isfile(index):
        print("check_links.py: %s: no such file" % index, file=sys.stderr)
        return 2
    problems = []
    linked = set()
    for page in [index] + argv[1:]:
        for lineno, target in relative_links(page):
            resolved = os.path.normpath(os.path.join(os.path.dirname(page), target))
            if page == index:
                linked.add(resolved)
            if not os.path.exists(resolved):
                problems.append("%s:%d: broken link to %s" % (page, lineno, target))
    names = sorted(os.listdir(docs))
    for sub in list(names):  # and one folder down: docs/apis/NAME.md
        if os.path.isdir(os.path.join(docs, sub)):
            names += sorted(os.path.join(sub, n) for n in os.listdir(os.path.join(docs, sub)))
    for name in names:
        path = os.path.normpath(os.path.join(docs, name))
        if name.endswith(".md") and name != "index.md" and path not in linked:
            problems.append("%s: %s is not linked from index.md (add a row to its table)"
                            % (index, name))
    for p in problems:
        print(p)
    print("check_links.py: %d problem%s" % (len(problems), "" if len(problems) == 1 else "s"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
