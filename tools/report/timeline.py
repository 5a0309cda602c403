"""Reads the runtime's timeline (TSCOPE_OPTIONS=timeline=PATH).

The file holds one JSON object per line, oldest first (docs/runtime.md):
    {"t_ms": 12.5, "live": 4, "sites": [{"file": "f.c", "line": 12,
     "function": "g", "api": "t_new", "count": 3}, ...]}
A site missing from a sample had no live tensor then.  Blank lines are
ignored; anything else that is not such an object is an error naming the
line, because a silently skipped sample would draw a wrong chart.
"""
import json

from errors import InputError
from sites import site_label


def _number(value, where, what):
    # bool is an int in Python; a true/false here is a writer bug, not a count.
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InputError("%s: '%s' must be a number, not %s" % (where, what, json.dumps(value)))
    return value


def parse_timeline(text, path):
    """Returns {"sites": [names, most live at peak first], "samples": [
    {"t_ms": float, "live": {site: count}}]}."""
    samples = []
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = "%s:%d" % (path, lineno)
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            raise InputError("%s:%d: not valid JSON (%s at column %d)" % (path, lineno, e.msg, e.colno))
        if not isinstance(obj, dict) or "t_ms" not in obj or "sites" not in obj:
            raise InputError("%s: expected an object with 't_ms' and 'sites'" % where)
        t_ms = _number(obj["t_ms"], where, "t_ms")
        if samples and t_ms < samples[-1]["t_ms"]:
            raise InputError("%s: t_ms %s goes back in time (previous sample: %s)"
                             % (where, t_ms, samples[-1]["t_ms"]))
        if not isinstance(obj["sites"], list):
            raise InputError("%s: 'sites' must be a list" % where)
        live = {}
        for entry in obj["sites"]:
            if not isinstance(entry, dict):
                raise InputError("%s: each entry of 'sites' must be an object" % where)
            count = _number(entry.get("count"), where, "count")
            if count < 0:
                raise InputError("%s: negative 'count' for %s" % (where, site_label(entry)))
            label = site_label(entry)
            live[label] = live.get(label, 0) + count
        if "live" in obj and _number(obj["live"], where, "live") != sum(live.values()):
            raise InputError("%s: 'live' is %s but the sites add up to %d"
                             % (where, obj["live"], sum(live.values())))
        samples.append({"t_ms": t_ms, "live": live})
    if not samples:
        raise InputError("%s: no samples (an empty timeline; was the program run with "
                         "TSCOPE_OPTIONS=timeline=%s?)" % (path, path))
    peak = {}
    for s in samples:
        for site, n in s["live"].items():
            peak[site] = max(peak.get(site, 0), n)
    sites = sorted(peak, key=lambda s: (-peak[s], s))
    return {"sites": sites, "samples": samples}
