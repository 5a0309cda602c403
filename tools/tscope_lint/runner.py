"""Running the lint over translation units in parallel and telling a lint
finding from a TU that does not compile."""

import os
import re
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Callable, List, Optional

from .command import distributed_command, lint_command
from .compile_db import TranslationUnit
from .findings import Finding, FindingsFormatError, parse_findings_file, split_stderr_findings

_UNKNOWN_ARG = re.compile(r"unknown argument:? '([^']+)'")
_ERROR_LINE = re.compile(r"\b(fatal )?error: ")


@dataclass
class LintConfig:
    clang_c: str
    clang_cxx: str
    plugin: str
    plugin_args: List[str]
    api_dirs: List[str]
    # --distribute: `distcc tscope-cc` entries are linted by their launcher
    # on a distcc server; api_options are --api as tscope-cc options.
    distribute: bool = False
    api_options: List[str] = field(default_factory=list)


@dataclass
class UnitResult:
    unit: TranslationUnit
    command: List[str] = field(default_factory=list)
    findings: List[Finding] = field(default_factory=list)
    failure: Optional[str] = None   # why the TU could not be linted, or None
    stderr: str = ""
    dropped: List[str] = field(default_factory=list)  # arguments clang rejected
    where: str = "here"   # "here", or the launcher that ran it ("distcc")


def _compile_failed(returncode: int, stderr: str, findings: List[Finding]) -> Optional[str]:
    """None when the run linted the TU.  A non-zero exit is fine only when
    every error clang printed is one of our findings made an error
    (lint-error=...); anything else -- a compile error, a plugin that did
    not load, a crash -- means the TU was not linted."""
    if returncode == 0:
        return None
    if returncode < 0:
        return "clang was killed by signal %d" % -returncode
    other_errors = [l for l in stderr.splitlines()
                    if _ERROR_LINE.search(l) and "[-Wtscope-" not in l]
    if not other_errors and any(f.level == "error" for f in findings):
        return None
    if other_errors:
        return "does not compile: " + other_errors[0].strip()
    return "clang exited with status %d" % returncode


def _run(command: List[str], directory: str):
    return subprocess.run(command, cwd=directory, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, errors="replace")


def lint_unit_remotely(unit: TranslationUnit, command: List[str], object_path: str) -> UnitResult:
    """Runs `command` (from distributed_command) and reads the findings the
    plugin printed on stderr; the object it compiled is thrown away."""
    result = UnitResult(unit, command=command, where=os.path.basename(command[0]))
    try:
        proc = _run(command, unit.directory)
    except OSError as e:
        result.failure = "cannot run %s: %s" % (command[0], e)
        return result
    finally:
        if os.path.exists(object_path):
            os.unlink(object_path)
    try:
        result.findings, result.stderr = split_stderr_findings(proc.stderr, unit.directory)
    except FindingsFormatError as e:
        result.failure = "unreadable findings from the plugin: %s" % e
        return result
    result.failure = _compile_failed(proc.returncode, result.stderr, result.findings)
    return result


def lint_unit(unit: TranslationUnit, cfg: LintConfig, tmpdir: str) -> UnitResult:
    if cfg.distribute:
        object_path = os.path.join(tmpdir, "tu%d.o" % unit.index)
        command = distributed_command(unit.arguments, object_path, cfg.api_options,
                                      cfg.plugin_args)
        if command:
            return lint_unit_remotely(unit, command, object_path)
    result = UnitResult(unit)
    findings_path = os.path.join(tmpdir, "tu%d.jsonl" % unit.index)
    drop: set = set()
    for attempt in range(2):
        if os.path.exists(findings_path):
            os.unlink(findings_path)
        result.command = lint_command(unit.arguments, cfg.clang_c, cfg.clang_cxx, cfg.plugin,
                                      findings_path, cfg.plugin_args, cfg.api_dirs, drop)
        try:
            proc = _run(result.command, unit.directory)
        except OSError as e:
            result.failure = "cannot run %s: %s" % (result.command[0], e)
            return result
        result.stderr = proc.stderr
        # A database written for gcc may hold flags clang does not know:
        # drop them once and say so, instead of failing the TU.
        unknown = set(_UNKNOWN_ARG.findall(proc.stderr)) - drop
        if proc.returncode != 0 and unknown and attempt == 0:
            drop |= unknown
            result.dropped = sorted(drop)
            continue
        break
    try:
        result.findings = parse_findings_file(findings_path, unit.directory)
    except FindingsFormatError as e:
        result.failure = "unreadable findings from the plugin: %s" % e
        return result
    result.failure = _compile_failed(proc.returncode, proc.stderr, result.findings)
    return result


def lint_all(units: List[TranslationUnit], cfg: LintConfig, jobs: int,
             on_done: Callable[[UnitResult], None] = lambda r: None) -> List[UnitResult]:
    """Lints `units` with up to `jobs` clang processes at once; results come
    back in database order whatever order they finish in."""
    tmpdir = tempfile.mkdtemp(prefix="tscope-lint-")
    try:
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(lint_unit, u, cfg, tmpdir) for u in units]
            results = []
            for fut in futures:
                r = fut.result()
                on_done(r)
                results.append(r)
        return results
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)
