#!/usr/bin/env python3
"""sarif-from-findings.py PYTHONPATH FINDINGS.jsonl ROOT OUT.sarif -- runs
tscope-lint's own findings parser, fingerprinting and SARIF writer (the
installed package) on a findings file in the plugin's format, so the SARIF
shape of what the lint does not emit yet in a small test (notes, error
level, several files) is checked too.  Prints each fingerprint."""
import sys

sys.path.insert(0, sys.argv[1])
from tscope_lint import findings, sarif  # noqa: E402

found = findings.deduplicate(findings.parse_findings_file(sys.argv[2], sys.argv[3]))
findings.assign_fingerprints(found, sys.argv[3])
sarif.write(sys.argv[4], found, [], sys.argv[3], "https://example.org/docs/lint.md")
for f in found:
    print("%s %s %s" % (f.fingerprint, f.file.rsplit("/", 1)[-1], f.rule))
