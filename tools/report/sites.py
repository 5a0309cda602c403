"""How the page names a place in the program."""


def site_label(site):
    """A site object of the runtime's JSON as the runtime prints it:
    "FILE:LINE in FUNCTION" (one spelling of a place, in the page as in
    the text report)."""
    label = "%s:%d" % (site.get("file") or "?", site.get("line") or 0)
    return label + (" in %s" % site["function"] if site.get("function") else "")
