"""Baselines: the findings a project has accepted for now.  With
--baseline, only findings whose fingerprint is not in it fail the run.
The file is JSON written by --write-baseline; a SARIF file written by
--sarif is accepted as a baseline too."""

import json
from typing import List, Set

from . import UsageError, VERSION
from .findings import Finding, relative_path
from .sarif import FINGERPRINT_KEY

FORMAT = "tscope-lint-baseline"


def write(path: str, findings: List[Finding], root: str) -> None:
    doc = {
        "format": FORMAT,
        "version": 1,
        "generator": "tscope-lint " + VERSION,
        "findings": [{
            "fingerprint": f.fingerprint,
            "rule": f.rule,
            "file": relative_path(f.file, root),
            "function": f.function,
            "message": f.message,
        } for f in findings],
    }
    try:
        with open(path, "w", encoding="utf-8") as out:
            json.dump(doc, out, indent=2)
            out.write("\n")
    except OSError as e:
        raise UsageError("--write-baseline %s: cannot write: %s" % (path, e))


def read(path: str) -> Set[str]:
    """The fingerprints in baseline file `path`."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except FileNotFoundError:
        raise UsageError("--baseline %s: no such file (create it with --write-baseline)" % path)
    except json.JSONDecodeError as e:
        raise UsageError("--baseline %s:%d:%d: malformed JSON: %s" % (path, e.lineno, e.colno, e.msg))
    except (OSError, UnicodeDecodeError) as e:
        raise UsageError("--baseline %s: cannot read: %s" % (path, e))
    if isinstance(doc, dict) and doc.get("format") == FORMAT:
        entries = doc.get("findings")
        if not isinstance(entries, list):
            raise UsageError('--baseline %s: "findings" must be a list' % path)
        prints = set()
        for i, e in enumerate(entries):
            if not isinstance(e, dict) or not isinstance(e.get("fingerprint"), str):
                raise UsageError('--baseline %s: finding %d has no "fingerprint" string' % (path, i))
            prints.add(e["fingerprint"])
        return prints
    if isinstance(doc, dict) and isinstance(doc.get("runs"), list):
        prints = set()
        for run in doc["runs"]:
            for r in (run.get("results") or []) if isinstance(run, dict) else []:
                fp = (r.get("partialFingerprints") or {}).get(FINGERPRINT_KEY) if isinstance(r, dict) else None
                if isinstance(fp, str):
                    prints.add(fp)
        return prints
    raise UsageError("--baseline %s: not a tscope-lint baseline (expected \"format\": \"%s\") "
                     "nor a SARIF file" % (path, FORMAT))
