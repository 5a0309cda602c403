#!/usr/bin/env python3
"""check-sarif.py FILE -- structural check of a SARIF 2.1.0 log against the
parts of the OASIS schema that code-scanning services rely on (the schema
itself is not available offline).  Exits 1 naming the first violation;
otherwise prints one line per result for FileCheck:
  result RULEID RULEINDEX LEVEL URI:LINE:COL related=N fingerprint=yes"""
import json
import sys
from urllib.parse import urlparse

STABLE_RULES = ["tscope-leak", "tscope-double-release", "tscope-use-after-release",
                "tscope-borrowed-release", "tscope-scope-escape"]


def fail(msg):
    sys.stderr.write("check-sarif.py: %s\n" % msg)
    sys.exit(1)


def need(cond, msg):
    if not cond:
        fail(msg)


def text(obj, where):
    need(isinstance(obj, dict) and isinstance(obj.get("text"), str) and obj["text"],
         "%s: needs a message object with non-empty \"text\"" % where)


def physical(loc, where, base_ids):
    need(isinstance(loc, dict), "%s: physicalLocation must be an object" % where)
    art = loc.get("artifactLocation")
    need(isinstance(art, dict) and isinstance(art.get("uri"), str) and art["uri"],
         "%s: artifactLocation.uri missing" % where)
    if "uriBaseId" in art:
        need(art["uriBaseId"] in base_ids, "%s: uriBaseId %r not in originalUriBaseIds" % (where, art["uriBaseId"]))
        need(not art["uri"].startswith("/") and not urlparse(art["uri"]).scheme,
             "%s: a uri with a uriBaseId must be relative" % where)
    else:
        need(urlparse(art["uri"]).scheme == "file", "%s: a uri without uriBaseId must be absolute" % where)
    region = loc.get("region")
    if region is not None:
        need(isinstance(region.get("startLine"), int) and region["startLine"] >= 1,
             "%s: region.startLine must be >= 1" % where)
        if "startColumn" in region:
            need(isinstance(region["startColumn"], int) and region["startColumn"] >= 1,
                 "%s: region.startColumn must be >= 1" % where)
    return art, region or {}


def main():
    doc = json.load(open(sys.argv[1]))
    need(isinstance(doc, dict), "top level must be an object")
    need(doc.get("version") == "2.1.0", "version must be \"2.1.0\"")
    need(isinstance(doc.get("$schema"), str) and "2.1.0" in doc["$schema"], "$schema must name SARIF 2.1.0")
    runs = doc.get("runs")
    need(isinstance(runs, list) and len(runs) == 1, "runs must be a list with one run")
    run = runs[0]
    driver = (run.get("tool") or {}).get("driver")
    need(isinstance(driver, dict) and isinstance(driver.get("name"), str) and driver["name"],
         "runs[0].tool.driver.name missing")
    rules = driver.get("rules")
    need(isinstance(rules, list), "runs[0].tool.driver.rules must be a list")
    ids = [r.get("id") for r in rules]
    need(ids == STABLE_RULES, "rule ids must be the stable ones in order, got %r" % ids)
    for r in rules:
        text(r.get("shortDescription"), "rule %s shortDescription" % r["id"])
        text(r.get("fullDescription"), "rule %s fullDescription" % r["id"])
        need(urlparse(r.get("helpUri", "")).scheme != "", "rule %s: helpUri must be an absolute URI" % r["id"])
        need((r.get("help") or {}).get("text"), "rule %s: help.text missing" % r["id"])
    base_ids = run.get("originalUriBaseIds") or {}
    for k, v in base_ids.items():
        need(isinstance(v, dict) and v.get("uri", "").endswith("/"),
             "originalUriBaseIds.%s.uri must end with '/'" % k)
    results = run.get("results")
    need(isinstance(results, list), "runs[0].results must be a list")
    for i, res in enumerate(results):
        where = "results[%d]" % i
        text(res.get("message"), where)
        need(res.get("ruleId") in ids, "%s: ruleId %r is not a rule" % (where, res.get("ruleId")))
        need(res.get("ruleIndex") == ids.index(res["ruleId"]), "%s: ruleIndex does not match ruleId" % where)
        need(res.get("level") in ("none", "note", "warning", "error"), "%s: bad level" % where)
        locs = res.get("locations")
        need(isinstance(locs, list) and locs, "%s: locations missing" % where)
        art, region = physical(locs[0].get("physicalLocation"), where + ".locations[0]", base_ids)
        related = res.get("relatedLocations", [])
        for j, rl in enumerate(related):
            physical(rl.get("physicalLocation"), "%s.relatedLocations[%d]" % (where, j), base_ids)
            text(rl.get("message"), "%s.relatedLocations[%d]" % (where, j))
        fps = res.get("partialFingerprints")
        need(isinstance(fps, dict) and fps and all(isinstance(v, str) for v in fps.values()),
             "%s: partialFingerprints missing" % where)
        print("result %s %d %s %s:%s:%s related=%d fingerprint=yes%s" % (
            res["ruleId"], res["ruleIndex"], res["level"], art["uri"], region.get("startLine"),
            region.get("startColumn"), len(related),
            " baseline=" + res["baselineState"] if "baselineState" in res else ""))
    print("sarif ok: %d results, %d rules" % (len(results), len(rules)))


main()
