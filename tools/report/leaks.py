"""Reads the runtime's JSON leak report (TSCOPE_OPTIONS=json=PATH; the
format is documented in docs/runtime.md) into the shape the page draws:

    {"leaked": N,
     "sites": [{"site": "f.c:12 in g", "api": "gsl_matrix_alloc" or None,
                "count": N,
                "scopes": [{"scope": "f.c:10 in g" or None, "count": N}],
                "stacks": [{"frames": ["main f.c:40", ...], outermost first,
                            "count": N}],
                "held_by": "kept alive by ..." or None}]}

Every field used is checked: a report that does not match is an error
naming the file and the JSON path at fault, never a half-drawn page.
"""
import json

from errors import InputError

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
            self.fail("%s.%s" % (where, key), "negative count %d" % value)
        return value


def parse_report(text, path):
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError("%s:%d:%d: not valid JSON: %s" % (path, e.lineno, e.colno, e.msg))
    r = _Reader(path)
    if not isinstance(doc, dict):
        r.fail("top level", "expected an object (the report written with TSCOPE_OPTIONS=json=PATH)")
    sites = []
    for i, s in enumerate(r.field(doc, "sites", list, "top level")):
        where = "sites[%d]" % i
        if not isinstance(s, dict):
            r.fail(where, "expected an object")
        sites.append(_parse_site(r, s, where))
    leaked = r.field(doc, "leaked", int, "top level", required=False)
    total = sum(s["count"] for s in sites)
    if leaked is not None and leaked != total:
        r.fail("leaked", "says %d but the sites add up to %d" % (leaked, total))
    return {"leaked": total, "sites": sites}


def _parse_site(r, s, where):
    count = r.field(s, "count", int, where)
    scopes = []
    for j, sc in enumerate(r.field(s, "scopes", list, where, required=False) or []):
        w = "%s.scopes[%d]" % (where, j)
        if not isinstance(sc, dict):
            r.fail(w, "expected an object")
        scopes.append({"scope": r.field(sc, "scope", str, w, required=False),
                       "count": r.field(sc, "count", int, w)})
    if not scopes:
        scopes = [{"scope": None, "count": count}]
    stacks = []
    for j, st in enumerate(r.field(s, "backtraces", list, where, required=False) or []):
        w = "%s.backtraces[%d]" % (where, j)
        if not isinstance(st, dict):
            r.fail(w, "expected an object")
        frames = []
        for k, fr in enumerate(r.field(st, "frames", list, w)):
            frames.append(_frame_name(r, fr, "%s.frames[%d]" % (w, k)))
        frames.reverse()  # the report lists innermost first; a flame graph grows from main
        stacks.append({"frames": frames, "count": r.field(st, "count", int, w)})
    return {"site": r.field(s, "site", str, where), "api": r.field(s, "api", str, where, required=False),
            "count": count, "scopes": scopes, "stacks": stacks,
            "held_by": r.field(s, "held_by", str, where, required=False)}


def _frame_name(r, fr, where):
    if isinstance(fr, str):
        return fr
    if not isinstance(fr, dict):
        r.fail(where, "expected a frame object or string")
    fn = r.field(fr, "function", str, where, required=False) or "??"
    file = r.field(fr, "file", str, where, required=False)
    line = r.field(fr, "line", int, where, required=False)
    return "%s %s:%d" % (fn, file, line) if file and line else fn
