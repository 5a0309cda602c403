#!/usr/bin/env python3
"""summarize-findings.py TITLE SARIF [N] -- a findings summary of a
tscope-lint SARIF log: totals per rule, the files with most findings, the
first N findings (default 15) with their messages, and the TUs that could
not be linted."""
import collections
import json
import sys


def main():
    title, path = sys.argv[1], sys.argv[2]
    limit = int(sys.argv[3]) if len(sys.argv) > 3 else 15
    run = json.load(open(path))["runs"][0]
    results = run["results"]
    failures = run["invocations"][0]["toolExecutionNotifications"]
    by_rule = collections.Counter(r["ruleId"] for r in results)
    by_file = collections.Counter(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                                  for r in results)
    print("%s: %d finding%s%s" % (title, len(results), "" if len(results) == 1 else "s",
                                 "" if not results else " (" + ", ".join(
                                     "%s %d" % kv for kv in sorted(by_rule.items())) + ")"))
    if failures:
        print("  %d translation units could not be linted, e.g. %s"
              % (len(failures), failures[0]["message"]["text"][:200]))
    if results:
        print("  files with most findings: " + ", ".join("%s (%d)" % kv for kv in by_file.most_common(8)))
    for r in results[:limit]:
        loc = r["locations"][0]["physicalLocation"]
        fn = (r["locations"][0].get("logicalLocations") or [{}])[0].get("name", "")
        print("  %s:%d: [%s] %s%s" % (loc["artifactLocation"]["uri"], loc.get("region", {}).get("startLine", 0),
                                      r["ruleId"], r["message"]["text"], " (in %s)" % fn if fn else ""))
    if len(results) > limit:
        print("  ... %d more in %s" % (len(results) - limit, path))


main()
