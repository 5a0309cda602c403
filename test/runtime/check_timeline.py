#!/usr/bin/env python3
"""check_timeline.py FILE: the timeline is JSON lines, times increase, each
sample's site counts add up to its live count, the live count rose to at
least 10 tensors, and the last sample (taken at exit) shows 1."""
import json
import sys

samples = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
def fail(msg):
    print("check_timeline: " + msg)
    sys.exit(1)
if len(samples) < 3:
    fail("only %d samples" % len(samples))
times = [s["t_ms"] for s in samples]
if times != sorted(times):
    fail("times not increasing: %r" % times)
for s in samples:
    if sum(site["count"] for site in s["sites"]) != s["live"]:
        fail("site counts do not add up in %r" % s)
    for site in s["sites"]:
        if site["file"] != "grow.c" or site["line"] != 4 or site["function"] != "grow":
            fail("unexpected site %r" % site)
if max(s["live"] for s in samples) < 10:
    fail("live never reached 10: %r" % [s["live"] for s in samples])
if samples[-1]["live"] != 1:
    fail("last sample has %d live, expected 1" % samples[-1]["live"])
print("check_timeline: ok (%d samples)" % len(samples))
