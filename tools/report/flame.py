"""Builds the flame graph tree of the leaks at exit.

A flame graph is a tree of frames whose width is a count: here the number
of tensors still alive at exit.  Each leak contributes one path from the
root to a leaf; equal prefixes merge, so the widest bars are where most
leaked tensors were created from.
"""


def build_tree(paths, root_name="all leaks"):
    """paths: iterable of (list of frame names, outermost first; count).
    Returns {"name", "value", "children": [...]} with children widest first
    (ties by name, so the same input always draws the same picture)."""
    root = {"name": root_name, "value": 0, "children": {}}
    for frames, count in paths:
        if count <= 0:
            continue
        node = root
        node["value"] += count
        for frame in frames:
            child = node["children"].get(frame)
            if child is None:
                child = node["children"][frame] = {"name": frame, "value": 0, "children": {}}
            child["value"] += count
            node = child
    return _freeze(root)


def _freeze(node):
    kids = sorted(node["children"].values(), key=lambda c: (-c["value"], c["name"]))
    return {"name": node["name"], "value": node["value"], "children": [_freeze(k) for k in kids]}


def depth(tree):
    """Number of levels, the root included."""
    return 1 + max((depth(c) for c in tree["children"]), default=0)
