#!/usr/bin/env python3
"""doc_commands.py -- runs the shell commands of the docs, so the docs stay true.

A Markdown file opts in with the comment  <!-- doc-test: commands -->
(invisible when rendered).  Then its fenced blocks mean:

  ```sh                      run it (bash -e -o pipefail), in a scratch
                             directory shared by the doc's blocks, in order
  ```sh not-run: REASON      shown to readers, not run here; REASON must say
                             where else it is exercised (e.g. "CI runs it")
  ```LANG file=NAME          written to NAME in the scratch directory
                             before the blocks after it run
  ```text output             what the sh block just before prints: each line
                             must appear, in order ("..." alone skips any
                             lines; "..." inside a line matches any text)
  ```text output exit=N      ... and that block's status must be N
  ```text output exact       every line printed must be shown (blank lines
                             aside): nothing else, e.g. no warnings

Blocks without these info strings (```c, ```text...) are prose.  The
build tree's bin/ and the chosen LLVM's bin/ come first on PATH, and
TSCOPE_OPTIONS / TSCOPE_API are unset, as for a new user.

usage: doc_commands.py --bindir BUILD/bin [--llvm-bindir DIR] --workdir DIR
                       (--docs-dir DIR | FILE.md...)
Exit status: 0 when every opted-in doc passed, 1 otherwise, 2 on bad usage
or a malformed doc (a message names FILE:LINE).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

OPT_IN = "<!-- doc-test: commands -->"
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*(.*)$")
BLOCK_TIMEOUT_S = 600


class DocError(Exception):
    """A malformed doc: the message names FILE:LINE."""


def parse_blocks(path, text):
    """Returns the doc's fenced blocks as dicts: kind (run, skip, file,
    output, prose), line, body and the kind's fields."""
    blocks, lines, i = [], text.splitlines(), 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = m.group(1), m.group(2), m.group(3).strip()
        start, body, i = i + 1, [], i + 1
        while i < len(lines) and not lines[i].strip().startswith(fence):
            body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
            i += 1
        if i == len(lines):
            raise DocError("%s:%d: code block never closed" % (path, start))
        i += 1
        blocks.append(classify(path, start, info, "\n".join(body) + "\n"))
    return blocks


def classify(path, line, info, body):
    words = info.split()
    lang = words[0] if words else ""
    rest = info[len(lang):].strip()
    block = {"line": line, "body": body, "kind": "prose"}
    file_arg = re.search(r"(?:^|\s)file=(\S+)", rest)
    if file_arg:
        name = file_arg.group(1)
        if os.path.isabs(name) or ".." in name.split("/"):
            raise DocError("%s:%d: file=%s must be a relative path inside the scratch directory"
                           % (path, line, name))
        block.update(kind="file", name=name)
    elif lang in ("sh", "bash", "shell"):
        if rest.startswith("not-run"):
            reason = rest[len("not-run"):].lstrip(":").strip()
            if not reason:
                raise DocError("%s:%d: 'not-run' needs a reason (where is this command exercised?)"
                               % (path, line))
            block.update(kind="skip", reason=reason)
        elif rest:
            raise DocError("%s:%d: unknown words after ```%s: '%s' (use 'not-run: REASON')"
                           % (path, line, lang, rest))
        else:
            block.update(kind="run")
    elif words[1:2] == ["output"]:
        exit_arg = re.search(r"(?:^|\s)exit=(\d+)", rest)
        block.update(kind="output", exit=int(exit_arg.group(1)) if exit_arg else 0,
                     exact=re.search(r"(?:^|\s)exact(?:\s|$)", rest) is not None)
    return block


def line_pattern(expected):
    parts = [re.escape(p) for p in expected.strip().split("...")]
    return re.compile("^\\s*" + ".*".join(parts) + "\\s*$")


def match_output(expected, actual, exact=False):
    """None when every expected line appears in order in actual (and, when
    exact, nothing else does); else the first expected line that did not,
    or the first unexpected line."""
    lines = [l.rstrip() for l in actual.splitlines()]
    if exact:
        wants = [w for w in expected.splitlines() if w.strip()]
        got = [l for l in lines if l.strip()]
        for i, line in enumerate(got):
            if i >= len(wants) or not line_pattern(wants[i]).match(line):
                return "(exact) unexpected line: " + line
        return None if len(got) == len(wants) else wants[len(got)]
    pos = 0
    for want in expected.splitlines():
        if not want.strip() or want.strip() == "...":
            continue
        pattern = line_pattern(want)
        while pos < len(lines) and not pattern.match(lines[pos]):
            pos += 1
        if pos == len(lines):
            return want
        pos += 1
    return None


def run_doc(path, workdir, env, log):
    blocks = parse_blocks(path, open(path, encoding="utf-8").read())
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    ran = skipped = failures = 0
    last = None  # (block, status, output) of the last run block
    for b in blocks:
        where = "%s:%d" % (path, b["line"])
        if b["kind"] == "file":
            target = os.path.join(workdir, b["name"])
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "w", encoding="utf-8") as f:
                f.write(b["body"])
        elif b["kind"] == "skip":
            skipped += 1
            log("%s: not run (%s)" % (where, b["reason"]))
        elif b["kind"] == "run":
            if last and last[1] != 0:
                failures += 1
                log("%s: FAILED: exit status %d:\n%s\n%s" % (
                    last[0]["where"], last[1], indent(last[0]["body"]), indent(last[2])))
            ran += 1
            try:
                proc = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", b["body"]], cwd=workdir,
                                      env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                      timeout=BLOCK_TIMEOUT_S)
                status, output = proc.returncode, proc.stdout.decode("utf-8", "replace")
            except subprocess.TimeoutExpired:
                status, output = -1, "(timed out after %d s)" % BLOCK_TIMEOUT_S
            b["where"] = where
            last = [b, status, output]
            log("%s: ran, exit status %d" % (where, status))
        elif b["kind"] == "output":
            if not last:
                raise DocError("%s: an output block with no sh block before it" % where)
            missing = match_output(b["body"], last[2], b["exact"])
            if last[1] != b["exit"] or missing is not None:
                failures += 1
                why = ("exit status %d, the doc says %d" % (last[1], b["exit"])
                       if last[1] != b["exit"] else "this line of the doc's output is missing: %s"
                       % missing.strip())
                log("%s: FAILED: the commands of %s:\n%s  %s; they printed:\n%s" % (
                    where, last[0]["where"], indent(last[0]["body"]), why, indent(last[2])))
            last = None  # checked; its status is not checked again
    if last and last[1] != 0:
        failures += 1
        log("%s: FAILED: exit status %d:\n%s\n%s" % (
            last[0]["where"], last[1], indent(last[0]["body"]), indent(last[2])))
    return ran, skipped, failures


def indent(text):
    return "".join("    | " + l + "\n" for l in text.rstrip("\n").splitlines())


def main(argv):
    p = argparse.ArgumentParser(description="Run the shell commands of opted-in docs.")
    p.add_argument("--bindir", required=True, help="the build tree's bin/ (tscope-cc, ...)")
    p.add_argument("--llvm-bindir", help="the LLVM bin/ to put on PATH too")
    p.add_argument("--workdir", required=True, help="scratch directories go here")
    p.add_argument("--docs-dir", help="check every opted-in *.md in this folder")
    p.add_argument("docs", nargs="*", help="Markdown files (opted in or not)")
    args = p.parse_args(argv)
    docs = list(args.docs)
    if args.docs_dir:
        for name in sorted(os.listdir(args.docs_dir)):
            path = os.path.join(args.docs_dir, name)
            if name.endswith(".md") and OPT_IN in open(path, encoding="utf-8").read():
                docs.append(path)
    if not docs:
        p.error("no opted-in docs found (a doc opts in with %s)" % OPT_IN)
    env = dict(os.environ)
    env.pop("TSCOPE_OPTIONS", None)
    env.pop("TSCOPE_API", None)
    # Absolute: the blocks run in their scratch directory.
    env["PATH"] = os.pathsep.join([os.path.abspath(d) for d in (args.bindir, args.llvm_bindir) if d] + [env.get("PATH", "")])
    total_failures = 0
    for doc in docs:
        try:
            if OPT_IN not in open(doc, encoding="utf-8").read():
                raise DocError("%s: not opted in (add %s)" % (doc, OPT_IN))
            workdir = os.path.join(args.workdir, os.path.splitext(os.path.basename(doc))[0])
            ran, skipped, failures = run_doc(doc, workdir, env, lambda s: print(s, flush=True))
        except (DocError, OSError) as e:
            print("doc_commands.py: error: %s" % e, file=sys.stderr)
            return 2
        print("%s: %d blocks run, %d not run, %d failed" % (doc, ran, skipped, failures))
        total_failures += failures
    return 1 if total_failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
