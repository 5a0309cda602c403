"""SARIF 2.1.0 output (OASIS standard), shaped for GitHub code scanning:
stable rule ids with descriptions and help, locations relative to the
project root through a uriBaseId, notes as relatedLocations, and
partialFingerprints that survive edits above a finding."""

import json
import os
import urllib.parse
from typing import Dict, List, Optional, Set

from . import UsageError, VERSION
from .findings import Finding, relative_path
from .rules import RULE_INDEX, RULES

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
ROOT_ID = "%SRCROOT%"
FINGERPRINT_KEY = "tscopeFingerprint/v1"


def _file_uri(path: str) -> str:
    return "file://" + urllib.parse.quote(path)


def _artifact(path: str, root: str) -> Dict:
    rel = relative_path(path, root)
    if os.path.isabs(rel):
        return {"uri": _file_uri(rel)}
    return {"uri": urllib.parse.quote(rel), "uriBaseId": ROOT_ID}


def _physical(path: str, line: int, column: int, root: str) -> Dict:
    loc = {"artifactLocation": _artifact(path, root)}
    if line >= 1:
        region = {"startLine": line}
        if column >= 1:
            region["startColumn"] = column
        loc["region"] = region
    return loc


def _rule(rule: Dict, docs_url: str) -> Dict:
    return {
        "id": rule["id"],
        "name": rule["name"],
        "shortDescription": {"text": rule["short"]},
        "fullDescription": {"text": rule["full"]},
        "help": {"text": rule["full"] + " " + rule["fix"],
                 "markdown": "%s\n\n**Fix:** %s\n\nCategory: `-W%s`." % (rule["full"], rule["fix"], rule["id"])},
        "helpUri": "%s#%s" % (docs_url, rule["id"]),
        "defaultConfiguration": {"level": "warning"},
        "properties": {"tags": ["tensorscope", "resource-lifetime", "correctness"],
                       "precision": "high", "problem.severity": "warning"},
    }


def _result(f: Finding, root: str, baseline: Optional[Set[str]], baseline_path: str) -> Dict:
    location = {"physicalLocation": _physical(f.file, f.line, f.column, root)}
    if f.function:
        location["logicalLocations"] = [{"name": f.function, "kind": "function"}]
    r = {
        "ruleId": f.rule,
        "ruleIndex": RULE_INDEX[f.rule],
        "level": f.level,
        "message": {"text": f.message},
        "locations": [location],
        "partialFingerprints": {FINGERPRINT_KEY: f.fingerprint},
    }
    if f.notes:
        r["relatedLocations"] = [{"id": i + 1,
                                  "physicalLocation": _physical(n.file, n.line, n.column, root),
                                  "message": {"text": n.message}}
                                 for i, n in enumerate(f.notes)]
    if baseline is not None:
        known = f.fingerprint in baseline
        r["baselineState"] = "unchanged" if known else "new"
        if known:
            r["suppressions"] = [{"kind": "external", "status": "accepted",
                                  "justification": "in baseline " + baseline_path}]
    return r


def write(path: str, findings: List[Finding], failures: List[Dict], root: str, docs_url: str,
          baseline: Optional[Set[str]] = None, baseline_path: str = "") -> None:
    """`failures`: [{"file", "message"}] for TUs that could not be linted,
    written as tool execution notifications."""
    root_uri = _file_uri(os.path.join(os.path.abspath(root), ""))
    run = {
        "tool": {"driver": {
            "name": "tscope-lint",
            "fullName": "TensorScope compile-time lint",
            "version": VERSION,
            "semanticVersion": VERSION,
            "informationUri": docs_url,
            "rules": [_rule(r, docs_url) for r in RULES],
        }},
        "originalUriBaseIds": {ROOT_ID: {"uri": root_uri}},
        "invocations": [{
            "executionSuccessful": not failures,
            "toolExecutionNotifications": [{
                "level": "error",
                "message": {"text": fl["message"]},
                "locations": [{"physicalLocation": _physical(fl["file"], 0, 0, root)}],
            } for fl in failures],
        }],
        "results": [_result(f, root, baseline, baseline_path) for f in findings],
    }
    doc = {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}
    try:
        with open(path, "w", encoding="utf-8") as out:
            json.dump(doc, out, indent=2)
            out.write("\n")
    except OSError as e:
        raise UsageError("--sarif %s: cannot write: %s" % (path, e))
