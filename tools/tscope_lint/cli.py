"""The tscope-lint command line."""

import argparse
import os
import re
import shlex
import sys
from typing import List, Optional

from . import UsageError, VERSION, baseline, compile_db, report, sarif
from .command import resolve_api, tscope_cc_api_option
from .findings import assign_fingerprints, deduplicate
from .runner import LintConfig, lint_all

EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2

DESCRIPTION = """\
Runs TensorScope's compile-time lint on the translation units of a compile
database (BUILD_DIR/compile_commands.json), in parallel: each entry's own
compile command is re-run by the clang the TensorScope plugin was built for,
with -fsyntax-only and the plugin; -o, -c, -M* dependency flags and -Werror
are dropped.  Findings are merged and de-duplicated (a header included by
many TUs yields one finding) and printed clang-style, followed by a summary."""

EPILOG = """\
exit status:
  0  no findings (with --baseline: no finding outside the baseline), every TU linted
  1  findings (new ones, with --baseline), or a TU that could not be linted
     because it does not compile (its compiler output is shown)
  2  usage error: bad option, missing or malformed compile_commands.json,
     unreadable baseline, a named FILE not in the database
--write-baseline accepts the current findings: it exits 0 unless a TU failed.

examples:
  tscope-lint -p build
  tscope-lint -p build --api gsl -j 8 --sarif tscope.sarif
  tscope-lint -p build --write-baseline .tscope-baseline.json
  tscope-lint -p build --baseline .tscope-baseline.json src/solver.c
See docs/ci.md."""

_PLUGIN_ARG = re.compile(r"^[a-z][a-z0-9-]*=")


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse's own errors: usage + exit 2
        self.print_usage(sys.stderr)
        sys.stderr.write("tscope-lint: error: %s\n" % message)
        sys.exit(EXIT_USAGE)


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("'%s' is not a number" % text)
    if n < 1:
        raise argparse.ArgumentTypeError("must be at least 1, not %d" % n)
    return n


def build_parser(defaults: dict) -> argparse.ArgumentParser:
    p = _Parser(prog="tscope-lint", description=DESCRIPTION, epilog=EPILOG,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-p", dest="build_dir", metavar="BUILD_DIR", required=True,
                   help="directory holding compile_commands.json")
    p.add_argument("files", nargs="*", metavar="FILE",
                   help="lint only these source files (default: every entry)")
    p.add_argument("-j", "--jobs", type=_positive, default=os.cpu_count() or 1, metavar="N",
                   help="run N clang processes at once (default: %(default)s, the number of CPUs)")
    p.add_argument("--api", action="append", default=[], metavar="NAME|FILE",
                   help="API description: a shipped name (e.g. gsl) or a YAML file; repeatable")
    p.add_argument("--plugin-arg", action="append", default=[], metavar="KEY=VALUE",
                   help="pass -fplugin-arg-tensorscope-KEY=VALUE to every TU "
                        "(e.g. lint-disable=leak, lint-main-leaks=0); repeatable")
    p.add_argument("--sarif", metavar="FILE", help="also write the findings as SARIF 2.1.0")
    p.add_argument("--baseline", metavar="FILE",
                   help="findings whose fingerprint is in FILE (from --write-baseline, or a "
                        "SARIF file from --sarif) are reported as known and do not fail the run")
    p.add_argument("--write-baseline", metavar="FILE", help="write every current finding to FILE")
    p.add_argument("--root", metavar="DIR", default=None,
                   help="project root: SARIF paths and fingerprints are relative to it "
                        "(default: the current directory)")
    p.add_argument("--plugin", metavar="PATH", default=defaults["plugin"],
                   help="the TensorScope plugin (default: %(default)s)")
    p.add_argument("--clang", metavar="PATH", default=defaults["clang"],
                   help="the clang the plugin was built for (default: %(default)s); "
                        "clang++ is taken from the same folder for C++ TUs")
    p.add_argument("--docs-url", metavar="URL", default=defaults["docs_url"],
                   help="base of the rule help links in SARIF (default: %(default)s)")
    p.add_argument("--distribute", action="store_true",
                   help="lint the entries compiled with 'distcc tscope-cc' (or tscope-c++) "
                        "on the distcc servers: each is run as its own distcc command with "
                        "-c to a temporary object and the findings sent back on stderr; "
                        "other entries are linted here (docs/distributed.md)")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="print each lint command and each TU's result")
    p.add_argument("--version", action="version", version="tscope-lint " + VERSION)
    return p


def _clang_pair(clang: Optional[str]):
    if not clang:
        raise UsageError("no clang configured: this copy of tscope-lint was not installed by "
                         "CMake; pass --clang /usr/lib/llvm-NN/bin/clang")
    if not (os.path.isfile(clang) and os.access(clang, os.X_OK)):
        raise UsageError("--clang %s: not an executable file" % clang)
    d, base = os.path.split(clang)
    cxx = os.path.join(d, base.replace("clang", "clang++", 1))
    return clang, (cxx if os.path.isfile(cxx) else clang)


def _config(args, defaults) -> LintConfig:
    if not os.path.isfile(args.plugin):
        raise UsageError("--plugin %s: not found (build TensorScope first, or pass --plugin)"
                         % args.plugin)
    clang_c, clang_cxx = _clang_pair(args.clang)
    plugin_args = []
    for kv in args.plugin_arg:
        if not _PLUGIN_ARG.match(kv):
            raise UsageError("--plugin-arg '%s': expected KEY=VALUE (e.g. lint-disable=leak)" % kv)
        if kv.startswith("findings="):
            raise UsageError("--plugin-arg '%s': tscope-lint sets findings= itself" % kv)
        plugin_args.append(kv)
    api_options = []
    for a in args.api:
        resolved = resolve_api(a, defaults["api_dirs"], "--api " + a)
        plugin_args.append("api=" + resolved)
        api_options.append(tscope_cc_api_option(a, resolved))
    return LintConfig(os.path.abspath(clang_c), os.path.abspath(clang_cxx),
                      os.path.abspath(args.plugin), plugin_args, defaults["api_dirs"],
                      distribute=args.distribute, api_options=api_options)


def run(argv: List[str], defaults: dict) -> int:
    args = build_parser(defaults).parse_args(argv)
    root = os.path.abspath(args.root or os.getcwd())
    if not os.path.isdir(root):
        raise UsageError("--root %s: no such directory" % args.root)
    cfg = _config(args, defaults)
    known = baseline.read(args.baseline) if args.baseline else None
    units = compile_db.select(compile_db.load(args.build_dir), args.files, args.build_dir)

    def progress(r):
        if args.verbose:
            sys.stderr.write("tscope-lint: %s: %s%s%s\n  %s\n" % (
                r.unit.file, "FAILED" if r.failure else "%d finding%s" % (len(r.findings), "" if len(r.findings) == 1 else "s"),
                " (through %s)" % r.where if r.where != "here" else "",
                " (dropped unknown arguments: %s)" % " ".join(r.dropped) if r.dropped else "",
                shlex.join(r.command)))
    results = lint_all(units, cfg, args.jobs, progress)

    failed = [r for r in results if r.failure]
    for r in failed:
        report.print_failure(r)
    findings = deduplicate([f for r in results if not r.failure for f in r.findings])
    assign_fingerprints(findings, root)
    new = [f for f in findings if known is None or f.fingerprint not in known]
    for f in new:
        report.print_finding(f)
    sys.stdout.write(report.summary(len(units), findings, new, len(failed), known is not None) + "\n")
    sys.stdout.flush()

    if args.sarif:
        sarif.write(args.sarif, findings,
                    [{"file": r.unit.file, "message": "%s: not linted: %s" % (r.unit.file, r.failure)}
                     for r in failed],
                    root, args.docs_url, known, args.baseline or "")
    if args.write_baseline:
        baseline.write(args.write_baseline, findings, root)
        return EXIT_FINDINGS if failed else EXIT_CLEAN
    return EXIT_FINDINGS if (new or failed) else EXIT_CLEAN


def main(argv: List[str], defaults: dict) -> int:
    try:
        return run(argv, defaults)
    except UsageError as e:
        sys.stderr.write("tscope-lint: error: %s\n" % e)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
