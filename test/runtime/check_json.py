#!/usr/bin/env python3
"""check_json.py REPORT.json EXPECTED_LIVE EXPECTED_SITES [--backtraces]

Parses the runtime's JSON leak report back with Python's json module and
checks its shape (docs/runtime.md) and totals."""
import json
import sys

path, live, nsites = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
want_bt = "--backtraces" in sys.argv
with open(path) as f:
    doc = json.load(f)

def fail(msg):
    print("check_json: %s: %s" % (path, msg))
    sys.exit(1)

if doc.get("tool") != "TensorScope":
    fail("tool is %r" % doc.get("tool"))
if doc["live_tensors"] != live:
    fail("live_tensors %d, expected %d" % (doc["live_tensors"], live))
if doc["site_count"] != nsites or len(doc["sites"]) != nsites:
    fail("%d sites, expected %d" % (len(doc["sites"]), nsites))
counts = [s["count"] for s in doc["sites"]]
if sum(counts) != live:
    fail("site counts %r do not add up to %d" % (counts, live))
if counts != sorted(counts, reverse=True):
    fail("sites not sorted by count: %r" % counts)
for s in doc["sites"]:
    site = s["site"]
    for key in ("file", "line", "column", "function", "api"):
        if key not in site:
            fail("site lacks %r" % key)
    if sum(sc["count"] for sc in s["scopes"]) != s["count"]:
        fail("scope counts of %r do not add up" % site)
    if not isinstance(s["held_by"], list):
        fail("held_by is not a list")
    if want_bt:
        if not s["backtraces"]:
            fail("no backtraces for %r" % site)
        for bt in s["backtraces"]:
            if not bt["frames"] or "pc" not in bt["frames"][0]:
                fail("empty backtrace for %r" % site)
print("check_json: %s: ok (%d tensors, %d sites)" % (path, live, nsites))
