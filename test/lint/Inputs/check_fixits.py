"""check_fixits.py LINT... -- FILES: every fix-it the lint offers on the
corpus must compile and remove its finding.  For each file: lint it and
count the findings that carry a fix-it; if any, apply them all (clang
-Xclang -fixit on a copy), compile the copy with -Werror and the lint off
(it must compile with no warning), lint the copy again, and check that it
has exactly that many findings fewer and none with a fix-it left.
LINT is the lint command, ending before the file name."""
import json
import os
import shutil
import subprocess
import sys
import tempfile

args = sys.argv[1:]
sep = args.index("--")
lint, files = args[:sep], args[sep + 1:]


def findings(src, d):
    out = os.path.join(d, "findings.jsonl")
    if os.path.exists(out):
        os.remove(out)
    p = subprocess.run(lint + ["-fdiagnostics-parseable-fixits",
                               "-fplugin-arg-tensorscope-findings=" + out, src],
                       stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        sys.exit("check_fixits: %s does not compile:\n%s" % (src, p.stderr[-3000:]))
    fs = [json.loads(l) for l in open(out)] if os.path.exists(out) else []
    return fs, p.stderr.count("\nfix-it:") + p.stderr.startswith("fix-it:")


checked = 0
failed = 0
for f in files:
    with tempfile.TemporaryDirectory() as d:
        before, fixits = findings(f, d)
        if not fixits:
            continue
        with_fix = sum(1 for x in before if x.get("fixes", 0) > 0)
        copy = os.path.join(d, os.path.basename(f))
        shutil.copy(f, copy)
        subprocess.run(lint + ["-Xclang", "-fixit", copy], stderr=subprocess.DEVNULL)
        p = subprocess.run(lint + ["-Werror", "-fplugin-arg-tensorscope-lint=0", copy],
                           stderr=subprocess.PIPE, text=True)
        name = os.path.basename(f)
        if p.returncode != 0:
            print("FIXIT-FAIL: %s: the fixed file does not compile:\n%s" % (name, p.stderr[-2000:]))
            failed += 1
            continue
        after, fixits_after = findings(copy, d)
        if fixits_after or len(after) != len(before) - with_fix:
            print("FIXIT-FAIL: %s: %d findings (%d with fix-its) before, %d after (%d fix-its left)"
                  % (name, len(before), with_fix, len(after), fixits_after))
            failed += 1
            continue
        checked += 1
        print("fixed: %s (%d of %d findings)" % (name, with_fix, len(before)))
print("%d files with fix-its checked, %d failed" % (checked, failed))
sys.exit(1 if failed or not checked else 0)
