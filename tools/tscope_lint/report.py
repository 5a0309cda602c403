"""Text output: findings in clang's format (so editors and CI log parsers
pick them up), failed TUs with their compiler output, one summary line."""

import os
import sys
from typing import List, TextIO

from .findings import Finding, relative_path
from .runner import UnitResult

STDERR_LINES = 30  # of a failed TU's compiler output


def _where(path: str, line: int, column: int) -> str:
    shown = relative_path(path, os.getcwd())
    return "%s:%d:%d" % (shown, line, column) if line else shown


def print_finding(f: Finding, out: TextIO = sys.stdout) -> None:
    # "(in f)", unless the message already names the function ("at the end
    # of 'f'", "this return from 'main'").
    named = f.function and ("'%s'" % f.function) in f.message
    func = " (in %s)" % f.function if f.function and not named else ""
    out.write("%s: %s: %s%s [-W%s]\n" % (_where(f.file, f.line, f.column), f.level,
                                          f.message, func, f.rule))
    for n in f.notes:
        out.write("%s: note: %s\n" % (_where(n.file, n.line, n.column), n.message))


def print_failure(r: UnitResult, out: TextIO = sys.stderr) -> None:
    out.write("tscope-lint: error: %s: not linted: %s\n"
              % (relative_path(r.unit.file, os.getcwd()), r.failure))
    lines = r.stderr.rstrip().splitlines()
    for l in lines[:STDERR_LINES]:
        out.write("  | %s\n" % l)
    if len(lines) > STDERR_LINES:
        out.write("  | ... (%d more lines)\n" % (len(lines) - STDERR_LINES))


def summary(units: int, findings: List[Finding], new: List[Finding], failed: int,
            with_baseline: bool) -> str:
    def plural(n, word):
        return "%d %s%s" % (n, word, "" if n == 1 else "s")
    text = "tscope-lint: %s linted, %s" % (plural(units - failed, "translation unit"),
                                           plural(len(new), "new finding" if with_baseline else "finding"))
    if with_baseline:
        text += " (%d in baseline)" % (len(findings) - len(new))
    if failed:
        text += ", %s not linted (compile failed)" % plural(failed, "translation unit")
    return text
