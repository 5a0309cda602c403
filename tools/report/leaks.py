"""Reads the runtime's JSON leak report (TSCOPE_OPTIONS=json=PATH; the
format is documented in docs/runtime.md) into the shape the page draws:

    {"leaked": N,
     "sites": [{"site": "f.c:12 in g", "api": "gsl_matrix_alloc" or None,
                "count": N,
                "scopes": [{"scope": "f.c:10 in g" or None, "count": N}],
                "stacks": [{"frames": ["main (f.c:40)", ...], outermost
                            first, from main, "count": N}],
                "held_by": "1 kept alive by ..." or None}]}

Every field used is checked: a report that does not match is an error
naming the file and the JSON path at fault, never a half-drawn page.
"""
import json

from errors import InputError
from sites import site_label

_TYPE_NAMES = {int: "an integer", str: "a string", list: "a list", dict: "an object"}


class _Reader:
    """Typed access to the JSON with error messages that say where."""

    def __init__(self, path):
        self.path = path

    def fail(self, where, msg):
        raise InputError("%s: %s: %s" % (self.path, where, msg))

    def field(self, obj, key, typ, where, required=True):
        value = obj.get(key)
        if value is None:
            if required:
                self.fail(where, "missing '%s'" % key)
            return None
        # JSON true/false load as bool, a subclass of int: not a count.
        if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
            self.fail("%s.%s" % (where, key), "expected %s, got %s"
                      % (_TYPE_NAMES[typ], json.dumps(value)[:60]))
        if typ is int and value < 0:
            self.fail("%s.%s" % (where, key), "negative number %d" % value)
        return value


def parse_report(text, path):
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError("%s:%d:%d: not valid JSON: %s" % (path, e.lineno, e.colno, e.msg))
    r = _Reader(path)
    if not isinstance(doc, dict) or doc.get("tool") != "TensorScope":
        r.fail("top level", "not a TensorScope leak report (expected an object with "
               "\"tool\": \"TensorScope\", as written with TSCOPE_OPTIONS=json=PATH)")
    sites = []
    for i, s in enumerate(r.field(doc, "sites", list, "top level")):
        where = "sites[%d]" % i
        if not isinstance(s, dict):
            r.fail(where, "expected an object")
        sites.append(_parse_site(r, s, where))
    leaked = r.field(doc, "live_tensors", int, "top level")
    total = sum(s["count"] for s in sites)
    if leaked != total:
        r.fail("live_tensors", "says %d but the sites add up to %d" % (leaked, total))
    return {"leaked": total, "sites": sites}


def _site(r, obj, key, where, required=True):
    site = r.field(obj, key, dict, where, required)
    if site is None:
        return None
    w = "%s.%s" % (where, key)
    r.field(site, "file", str, w, required=False)
    r.field(site, "function", str, w, required=False)
    r.field(site, "line", int, w, required=False)
    return site


def _parse_site(r, s, where):
    created = _site(r, s, "site", where)
    count = r.field(s, "count", int, where)
    scopes = []
    for j, sc in enumerate(r.field(s, "scopes", list, where)):
        w = "%s.scopes[%d]" % (where, j)
        if not isinstance(sc, dict):
            r.fail(w, "expected an object")
        scope = _site(r, sc, "scope", w, required=False)
        scopes.append({"scope": site_label(scope) if scope else None,
                       "count": r.field(sc, "count", int, w)})
    if sum(sc["count"] for sc in scopes) != count:
        r.fail(where, "its scopes add up to %d, not its count %d"
               % (sum(sc["count"] for sc in scopes), count))
    held_by = []
    for j, h in enumerate(r.field(s, "held_by", list, where, required=False) or []):
        w = "%s.held_by[%d]" % (where, j)
        if not isinstance(h, dict):
            r.fail(w, "expected an object")
        held_by.append("%d %s" % (r.field(h, "count", int, w), r.field(h, "description", str, w)))
    stacks = []
    for j, st in enumerate(r.field(s, "backtraces", list, where, required=False) or []):
        w = "%s.backtraces[%d]" % (where, j)
        if not isinstance(st, dict):
            r.fail(w, "expected an object")
        frames = [_frame_name(r, fr, "%s.frames[%d]" % (w, k))
                  for k, fr in enumerate(r.field(st, "frames", list, w))]
        frames.reverse()  # the report lists innermost first; a flame graph grows from main
        frames = _from_main(frames)
        stacks.append({"frames": frames, "count": r.field(st, "count", int, w)})
    return {"site": site_label(created), "api": created.get("api"), "count": count,
            "scopes": scopes, "stacks": stacks, "held_by": "; ".join(held_by) or None}


def _frame_name(r, fr, where):
    """One stack frame as "function file:line", degrading to what the
    symbolizer knew (a function, else the object file and address)."""
    if not isinstance(fr, dict):
        r.fail(where, "expected a frame object")
    fn = r.field(fr, "function", str, where, required=False)
    file = r.field(fr, "file", str, where, required=False)
    line = r.field(fr, "line", int, where, required=False)
    if fn and file and line:
        return "%s (%s:%d)" % (fn, file.rsplit("/", 1)[-1], line)
    if fn:
        return fn
    obj = r.field(fr, "object", str, where, required=False)
    pc = r.field(fr, "pc", str, where, required=False)
    return "%s+%s" % (obj.rsplit("/", 1)[-1], pc) if obj and pc else (pc or "??")


def _from_main(frames):
    """Drops the C library's start-up frames below main (_start,
    __libc_start_main...): the same in every stack, they only push the
    interesting part of the flame graph up.  Threads' stacks have no main
    and are kept whole."""
    for i, name in enumerate(frames):
        if name == "main" or name.startswith("main ("):
            return frames[i:]
    return frames
