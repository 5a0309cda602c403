"""Renders the report page: one HTML file with its CSS, script and data
inline, so it opens from disk on a machine without network."""
import html
import json
import os
import re

import flame
import sites

HERE = os.path.dirname(os.path.abspath(__file__))
# Sites beyond this many are drawn as one "other sites" band, so the chart
# and its legend stay readable for programs with hundreds of create sites.
MAX_BANDS = 12
# More points than this add nothing to a 960-pixel-wide chart but weight.
MAX_POINTS = 1000


def _asset(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return f.read()


def downsample(samples, limit=MAX_POINTS):
    """At most `limit` samples, for long runs: from each run of consecutive
    samples keeps the one with the most live tensors (a whole snapshot, so
    the bands still add up, and peaks -- what a leak hunt looks for -- are
    never smoothed away).  The first and last samples are always kept."""
    if len(samples) <= limit:
        return samples
    inner = samples[1:-1]
    buckets = limit - 2
    kept = [samples[0]]
    for b in range(buckets):
        chunk = inner[b * len(inner) // buckets:(b + 1) * len(inner) // buckets]
        if chunk:
            kept.append(max(chunk, key=lambda s: sum(s["live"].values())))
    kept.append(samples[-1])
    return kept


def timeline_series(timeline):
    """Per-band live counts aligned with the sample times, biggest peak
    first; the smallest sites merged into one band when there are many."""
    samples = downsample(timeline["samples"])
    t_ms = [s["t_ms"] for s in samples]
    sites = timeline["sites"]
    shown = sites if len(sites) <= MAX_BANDS else sites[:MAX_BANDS - 1]
    rest = sites[len(shown):]
    series = []
    for site in shown:
        live = [s["live"].get(site, 0) for s in samples]
        series.append({"site": site, "live": live, "peak": max(live)})
    if rest:
        live = [sum(s["live"].get(site, 0) for site in rest) for s in samples]
        series.append({"site": "(%d other sites)" % len(rest), "live": live, "peak": max(live)})
    return {"t_ms": t_ms, "series": series}


def flame_paths(leaks):
    """The flame graph's paths: creation stacks when the report has them,
    else creation site -> scope."""
    have_stacks = any(site["stacks"] for site in leaks["sites"])
    paths = []
    for site in leaks["sites"]:
        if have_stacks and site["stacks"]:
            for stack in site["stacks"]:
                paths.append((stack["frames"] + ["created at " + site["site"]], stack["count"]))
        else:
            for scope in site["scopes"]:
                label = "scope " + scope["scope"] if scope["scope"] else "no scope"
                paths.append(([site["site"], label], scope["count"]))
    kind = "stack" if have_stacks else "site, then scope"
    return paths, kind


def shorten_paths(leaks, timeline):
    """Strips the directory all sites share (e.g. /home/me/project/src/)
    from every site and scope label; returns that directory."""
    labels = []
    if leaks is not None:
        for site in leaks["sites"]:
            labels.append(site["site"])
            labels.extend(sc["scope"] for sc in site["scopes"] if sc["scope"])
    if timeline is not None:
        labels.extend(timeline["sites"])
    prefix = sites.common_dir(labels)
    if not prefix:
        return ""
    if leaks is not None:
        for site in leaks["sites"]:
            site["site"] = sites.strip_dir(site["site"], prefix)
            for sc in site["scopes"]:
                sc["scope"] = sites.strip_dir(sc["scope"], prefix)
    if timeline is not None:
        timeline["sites"] = [sites.strip_dir(l, prefix) for l in timeline["sites"]]
        for sample in timeline["samples"]:
            sample["live"] = {sites.strip_dir(l, prefix): n for l, n in sample["live"].items()}
    return prefix


def view_model(leaks, timeline, title):
    model = {"title": title, "timeline": None, "flame": None, "flame_kind": "site, then scope",
             "leaks": [], "summary": {"leaked": 0, "leak_sites": 0}}
    model["summary"]["source_dir"] = shorten_paths(leaks, timeline)
    if leaks is not None:
        paths, kind = flame_paths(leaks)
        model["flame"] = flame.build_tree(paths)
        model["flame_kind"] = kind
        model["leaks"] = [{"site": s["site"], "api": s.get("api"), "count": s["count"],
                           "scopes": s["scopes"], "held_by": s.get("held_by")}
                          for s in leaks["sites"]]
        model["summary"]["leaked"] = leaks["leaked"]
        model["summary"]["leak_sites"] = len(leaks["sites"])
    if timeline is not None:
        model["timeline"] = timeline_series(timeline)
        samples = timeline["samples"]
        model["summary"]["samples"] = len(samples)
        model["summary"]["duration_ms"] = samples[-1]["t_ms"] - samples[0]["t_ms"]
        model["summary"]["peak_live"] = max(sum(s["live"].values()) for s in samples)
    return model


def _inline_json(obj):
    # "<" only occurs inside JSON strings, where \u003c means the same; so
    # no "</script>" or "<!--" from a file name can break out of the element.
    return json.dumps(obj, separators=(",", ":"), sort_keys=True).replace("<", "\\u003c")


def render(leaks, timeline, title, sources):
    values = {"TITLE": html.escape(title), "CSS": _asset("page.css"), "JS": _asset("page.js"),
              "SOURCES": html.escape(", ".join(sources)),
              "DATA": _inline_json(view_model(leaks, timeline, title))}
    # One pass, so text coming from the inputs is never expanded again.
    return re.sub(r"@(TITLE|CSS|JS|SOURCES|DATA)@", lambda m: values[m.group(1)],
                  _asset("page.html"))
