"""Checks the findings file written by findings-json.c (two compiles of the
same file appended to it): every line parses as JSON with the documented
fields and the expected rules, levels and notes."""
import json
import os
import sys

path, source = sys.argv[1], sys.argv[2]
lines = open(path).read().splitlines()
objs = [json.loads(l) for l in lines]
assert len(objs) == 4, "expected 2 findings x 2 compiles, got %d" % len(objs)
for o in objs:
    for key in ("rule", "level", "file", "line", "column", "function", "message", "notes"):
        assert key in o, "missing %s in %s" % (key, o)
    assert os.path.basename(o["file"]) == os.path.basename(source), o["file"]
    assert o["notes"] and all(set(n) >= {"file", "line", "column", "message"} for n in o["notes"])
leak = [o for o in objs if o["rule"] == "tscope-leak"]
double = [o for o in objs if o["rule"] == "tscope-double-release"]
assert len(leak) == 2 and len(double) == 2, objs
assert all(o["level"] == "warning" and o["function"] == "f" and o["line"] == 11 for o in leak), leak
assert all(o["level"] == "error" and o["function"] == "g" and o["line"] == 16 for o in double), double
assert leak[0]["notes"][0]["line"] == 9 and "created here" in leak[0]["notes"][0]["message"]
assert any(n["message"] == "first released here" and n["line"] == 15 for n in double[0]["notes"])
print("findings ok")
