"""How the page names a place in the program."""


def site_label(site):
    """A site object of the runtime's JSON as the runtime prints it:
    "FILE:LINE in FUNCTION" (one spelling of a place, in the page as in
    the text report)."""
    label = "%s:%d" % (site.get("file") or "?", site.get("line") or 0)
    return label + (" in %s" % site["function"] if site.get("function") else "")


def common_dir(labels):
    """The directory (ending in "/") shared by the files of all absolute
    site labels, or "" when they share none.  Stripping it keeps the page's
    labels short without making two sites look alike."""
    dirs = [l.split(":", 1)[0].rsplit("/", 1)[0] + "/" for l in labels if l.startswith("/")]
    if not dirs or len(dirs) != len([l for l in labels if l]):
        return ""  # some label is relative or unknown: leave all as they are
    prefix = dirs[0]
    for d in dirs[1:]:
        while not d.startswith(prefix):
            prefix = prefix[:-1].rsplit("/", 1)[0] + "/"
    return "" if prefix == "/" else prefix


def strip_dir(label, prefix):
    return label[len(prefix):] if prefix and label and label.startswith(prefix) else label
