"""Reading compile_commands.json (the JSON Compilation Database format of
Clang's tooling: a list of {"directory", "file", "arguments" | "command",
"output"?}) and choosing which translation units to lint."""

import json
import os
import shlex
from dataclasses import dataclass
from typing import List

from . import UsageError


@dataclass
class TranslationUnit:
    index: int          # position in compile_commands.json (for messages)
    directory: str      # absolute working directory of the compile
    file: str           # absolute, normalised path of the source file
    arguments: List[str]


def database_path(build_dir: str) -> str:
    """-p names the build directory; -p build/compile_commands.json is
    accepted too, since what was meant is clear."""
    if os.path.isfile(build_dir) and build_dir.endswith(".json"):
        return build_dir
    return os.path.join(build_dir, "compile_commands.json")


def load(build_dir: str) -> List[TranslationUnit]:
    """All entries of BUILD_DIR/compile_commands.json, validated; every
    problem raises UsageError naming the file (and the entry index)."""
    path = database_path(build_dir)
    if not os.path.isdir(build_dir) and path != build_dir:
        raise UsageError("-p %s: no such directory" % build_dir)
    if not os.path.isfile(path):
        raise UsageError(
            "%s: not found (generate it with cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON, "
            "or `bear -- make`)" % path)
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except json.JSONDecodeError as e:
        raise UsageError("%s:%d:%d: malformed JSON: %s" % (path, e.lineno, e.colno, e.msg))
    except (OSError, UnicodeDecodeError) as e:
        raise UsageError("%s: cannot read: %s" % (path, e))
    if not isinstance(data, list):
        raise UsageError("%s: expected a JSON array of entries, found %s"
                         % (path, type(data).__name__))
    if not data:
        raise UsageError("%s: contains no entries" % path)
    return [_entry(path, i, e) for i, e in enumerate(data)]


def _entry(path, i, e) -> TranslationUnit:
    where = "%s: entry %d" % (path, i)
    if not isinstance(e, dict):
        raise UsageError("%s: expected an object, found %s" % (where, type(e).__name__))
    for key in ("directory", "file"):
        if key not in e:
            raise UsageError('%s: missing "%s"' % (where, key))
        if not isinstance(e[key], str) or not e[key]:
            raise UsageError('%s: "%s" must be a non-empty string' % (where, key))
    if "arguments" in e:
        args = e["arguments"]
        if not isinstance(args, list) or not args or not all(isinstance(a, str) for a in args):
            raise UsageError('%s: "arguments" must be a non-empty list of strings' % where)
    elif "command" in e:
        if not isinstance(e["command"], str):
            raise UsageError('%s: "command" must be a string' % where)
        try:
            args = shlex.split(e["command"])
        except ValueError as err:
            raise UsageError('%s: cannot split "command": %s' % (where, err))
        if not args:
            raise UsageError('%s: "command" is empty' % where)
    else:
        raise UsageError('%s: needs "arguments" or "command"' % where)
    directory = e["directory"]
    if not os.path.isabs(directory):
        # The format says absolute; be lenient and resolve against the DB.
        directory = os.path.join(os.path.dirname(os.path.abspath(path)), directory)
    directory = os.path.normpath(directory)
    file = os.path.normpath(os.path.join(directory, e["file"]))
    return TranslationUnit(i, directory, file, list(args))


def select(units: List[TranslationUnit], files: List[str], build_dir: str) -> List[TranslationUnit]:
    """The units for the named FILES (all units when none is named).  A file
    compiled twice with identical arguments is linted once.  A named file
    that the database does not contain is a usage error."""
    chosen = units
    if files:
        wanted = {}
        for name in files:
            wanted[os.path.realpath(name)] = name
        chosen = [u for u in units if os.path.realpath(u.file) in wanted]
        found = {os.path.realpath(u.file) for u in chosen}
        missing = [name for real, name in wanted.items() if real not in found]
        if missing:
            raise UsageError("not in %s: %s" % (database_path(build_dir), ", ".join(missing)))
    seen, unique = set(), []
    for u in chosen:
        key = (u.directory, u.file, tuple(u.arguments))
        if key not in seen:
            seen.add(key)
            unique.append(u)
    return unique
