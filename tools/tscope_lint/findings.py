"""The finding record the plugin writes (one JSON object per line, see
plugin/Options.h `findings=`), its de-duplication across translation units
and its fingerprint (what baselines and SARIF partialFingerprints match on)."""

import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from typing import Dict, List, Tuple

from .rules import RULE_INDEX


@dataclass
class Note:
    file: str
    line: int
    column: int
    message: str


@dataclass
class Finding:
    rule: str
    level: str           # "warning" or "error"
    file: str            # absolute, normalised
    line: int
    column: int
    function: str
    message: str
    notes: List[Note] = field(default_factory=list)
    fingerprint: str = ""  # set by assign_fingerprints

    def key(self) -> Tuple:
        """Identity for de-duplication: a header included by many TUs gives
        the same finding in each of them.  The notes count: two tensors
        created at different places that leak at the same return are two
        findings, not one."""
        return (self.rule, self.file, self.line, self.column, self.message,
                tuple((n.file, n.line, n.column, n.message) for n in self.notes))


class FindingsFormatError(Exception):
    pass


def _int(obj, key, where):
    v = obj.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise FindingsFormatError('%s: "%s" must be a non-negative integer' % (where, key))
    return v


def _str(obj, key, where, allow_empty=False):
    v = obj.get(key)
    if not isinstance(v, str) or (not v and not allow_empty):
        raise FindingsFormatError('%s: "%s" must be a string' % (where, key))
    return v


def _path(p, directory):
    return os.path.normpath(os.path.join(directory, p))


# With findings=- the plugin prints each finding's JSON line on stderr
# behind this prefix (plugin/lint/Reporter.h kStderrFindingPrefix).
STDERR_PREFIX = "tensorscope-finding: "


def parse_findings_file(path: str, directory: str) -> List[Finding]:
    """Findings from one TU's findings file; relative paths are taken
    relative to `directory`, the compile's working directory."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except FileNotFoundError:
        return []
    return parse_findings_lines(lines, directory)


def split_stderr_findings(stderr: str, directory: str) -> Tuple[List[Finding], str]:
    """A findings=- compile's stderr: its findings, and the rest of what it
    printed (clang's own diagnostics), without the finding lines."""
    json_lines, rest = [], []
    for line in stderr.splitlines(keepends=True):
        if line.startswith(STDERR_PREFIX):
            json_lines.append(line[len(STDERR_PREFIX):].rstrip("\n"))
        else:
            rest.append(line)
    return parse_findings_lines(json_lines, directory), "".join(rest)


def parse_findings_lines(lines: List[str], directory: str) -> List[Finding]:
    """Findings from JSON lines, one object a line (blank lines skipped)."""
    result = []
    for n, text in enumerate(lines, 1):
        if not text.strip():
            continue
        where = "findings line %d" % n
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as e:
            raise FindingsFormatError("%s: malformed JSON: %s" % (where, e.msg))
        if not isinstance(obj, dict):
            raise FindingsFormatError("%s: expected an object" % where)
        rule = _str(obj, "rule", where)
        if rule not in RULE_INDEX:
            raise FindingsFormatError('%s: unknown rule "%s"' % (where, rule))
        level = obj.get("level", "warning")
        if level not in ("warning", "error"):
            raise FindingsFormatError('%s: "level" must be "warning" or "error"' % where)
        notes = []
        raw_notes = obj.get("notes", [])
        if not isinstance(raw_notes, list):
            raise FindingsFormatError('%s: "notes" must be a list' % where)
        for i, nt in enumerate(raw_notes):
            nwhere = "%s note %d" % (where, i)
            if not isinstance(nt, dict):
                raise FindingsFormatError("%s: expected an object" % nwhere)
            notes.append(Note(_path(_str(nt, "file", nwhere), directory), _int(nt, "line", nwhere),
                              _int(nt, "column", nwhere), _str(nt, "message", nwhere)))
        result.append(Finding(rule, level, _path(_str(obj, "file", where), directory),
                              _int(obj, "line", where), _int(obj, "column", where),
                              _str(obj, "function", where, allow_empty=True),
                              _str(obj, "message", where), notes))
    return result


def deduplicate(findings: List[Finding]) -> List[Finding]:
    """One finding per (rule, place, message, notes), in a stable order: by
    file, line, column, rule.  An error-level copy wins over a warning."""
    best: Dict[Tuple, Finding] = {}
    for f in findings:
        k = f.key()
        if k not in best or (f.level == "error" and best[k].level != "error"):
            best[k] = f
    return sorted(best.values(), key=lambda f: (f.file, f.line, f.column, f.rule, f.message,
                                                [(n.file, n.line, n.column) for n in f.notes]))


# Line (and column) numbers inside messages ("leaked when the condition at
# f.c:7 is true") move with every edit above them: leave them out of the
# fingerprint.
_LINE_REFS = re.compile(r":\d+(?::\d+)?|\bline \d+")


def normalised_message(message: str) -> str:
    return _LINE_REFS.sub(":#", message)


def relative_path(path: str, root: str) -> str:
    """`path` relative to the project root, with '/' separators, or the
    absolute path when it lies outside the root."""
    rel = os.path.relpath(path, root)
    if rel == ".." or rel.startswith(".." + os.sep):
        return path
    return rel.replace(os.sep, "/")


def assign_fingerprints(findings: List[Finding], root: str) -> None:
    """Sets each finding's fingerprint: a hash of rule, file (relative to the
    project root), function and message without line numbers, plus the
    occurrence number among findings with the same hash.  Stable when code
    above moves; changes when the finding itself changes."""
    counts: Dict[str, int] = {}
    for f in sorted(findings, key=lambda f: (f.file, f.line, f.column)):
        text = "\0".join([f.rule, relative_path(f.file, root), f.function,
                          normalised_message(f.message)])
        base = hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]
        counts[base] = counts.get(base, 0) + 1
        f.fingerprint = "%s:%d" % (base, counts[base])
