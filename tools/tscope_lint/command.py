"""Turning a translation unit's compile command into a lint command: the
same flags (defines, include paths, language, standard), run by the clang
the plugin was built for, with -fsyntax-only, the plugin and a findings
file -- and without what only matters when producing files."""

import os
import re
from typing import List, Optional

from . import UsageError

# Launchers that wrap the real compiler in compile databases.
LAUNCHERS = {"ccache", "sccache", "distcc", "icecc", "buildcache"}
# Flags dropped alone: output kind, dependency files, and -Werror (a warning
# only clang has must not stop the lint; findings are reported either way).
DROP = {"-c", "-S", "-E", "-fsyntax-only", "-M", "-MM", "-MD", "-MMD", "-MP", "-MG",
        "-save-temps", "-Werror", "-pedantic-errors", "-pipe"}
# Flags dropped together with the next argument.
DROP_WITH_VALUE = {"-o", "-MF", "-MT", "-MQ", "-MJ"}
DROP_PREFIXES = ("-MF", "-MT", "-MQ", "-MJ", "-Werror=", "-save-temps=",
                 "-fplugin-arg-tensorscope-findings=")
CXX_COMPILER = re.compile(r"(\+\+|cxx|CC)(-[0-9.]+)?(\.exe)?$")


def resolve_api(value: str, api_dirs: List[str], origin: str) -> str:
    """--api NAME|FILE: a path to an existing file, or the name of a shipped
    description (apis/NAME.yaml).  `origin` names the option for errors."""
    looks_like_path = os.sep in value or value.endswith((".yaml", ".yml"))
    if looks_like_path or os.path.isfile(value):
        if not os.path.isfile(value):
            raise UsageError("%s: API description file '%s' not found" % (origin, value))
        return os.path.abspath(value)
    for d in api_dirs:
        candidate = os.path.join(d, value + ".yaml")
        if os.path.isfile(candidate):
            return candidate
    shipped = sorted({f[:-5] for d in api_dirs if os.path.isdir(d)
                      for f in os.listdir(d) if f.endswith(".yaml")})
    raise UsageError("%s: no shipped API description named '%s' (shipped: %s; or give a file path)"
                     % (origin, value, ", ".join(shipped) or "none found in " + ", ".join(api_dirs)))


def tscope_cc_api_option(value: str, resolved: str) -> str:
    """--api VALUE as a tscope-cc option for a remote compile: a shipped
    NAME stays a NAME (the server's tscope-cc has its own copy), a file
    becomes its absolute path (which must exist on the servers)."""
    if resolved != os.path.abspath(value) and os.sep not in value:
        return "--tscope-api=" + value
    return "--tscope-api=" + resolved


def is_cxx_compiler(path: str) -> bool:
    return bool(CXX_COMPILER.search(os.path.basename(path)))


def dropped_arguments(a: str, drop: set) -> int:
    """How many arguments a lint command leaves out at compile argument `a`:
    0 (keeps it), 1 (`a` alone: DROP, DROP_PREFIXES, -oFILE, or one of
    `drop`) or 2 (`a` and its value: DROP_WITH_VALUE)."""
    if a in drop or a in DROP:
        return 1
    if a in DROP_WITH_VALUE:  # before the prefixes: "-MF" is one of them too
        return 2
    return 1 if a.startswith(DROP_PREFIXES) or (a.startswith("-o") and len(a) > 2) else 0


def lint_command(arguments: List[str], clang_c: str, clang_cxx: str, plugin: str,
                 findings_path: str, plugin_args: List[str], api_dirs: List[str],
                 drop: Optional[set] = None) -> List[str]:
    """The argv that lints one TU.  `plugin_args` are KEY=VALUE strings for
    every TU; `drop` holds extra arguments to leave out (ones this clang
    rejected as unknown)."""
    args = list(arguments)
    while args and os.path.basename(args[0]) in LAUNCHERS:
        args = args[1:]
    if not args:
        raise UsageError("compile command has no compiler")
    compiler, rest = args[0], args[1:]
    out = [clang_cxx if is_cxx_compiler(compiler) else clang_c]
    extra_api: List[str] = []
    drop = drop or set()
    skip_next = False
    for i, a in enumerate(rest):
        if skip_next:
            skip_next = False
            continue
        dropped = dropped_arguments(a, drop)
        if dropped:
            skip_next = dropped == 2
            continue
        if a.startswith("-fplugin=") and "tensorscope" in os.path.basename(a):
            continue  # we load the plugin ourselves
        if a.startswith("--tscope-api"):
            # A database written by a tscope-cc build: translate its option.
            if a == "--tscope-api":
                value = rest[i + 1] if i + 1 < len(rest) else ""
                skip_next = True
            else:
                value = a.split("=", 1)[1]
            extra_api.append(resolve_api(value, api_dirs, "compile command option " + a))
            continue
        out.append(a)
    out += ["-fsyntax-only", "-fplugin=" + plugin,
            "-fplugin-arg-tensorscope-findings=" + findings_path]
    out += ["-fplugin-arg-tensorscope-api=" + f for f in extra_api]
    out += ["-fplugin-arg-tensorscope-" + kv for kv in plugin_args]
    return out


# Launchers that send the compile to another machine, and the wrappers a
# distcc server runs from its DISTCC_CMDLIST (docs/distributed.md): only
# such a command can be linted remotely.
DISTRIBUTING_LAUNCHERS = {"distcc"}
TSCOPE_WRAPPERS = {"tscope-cc", "tscope-c++"}


def distributed_command(arguments: List[str], object_path: str, api_options: List[str],
                        plugin_args: List[str]) -> Optional[List[str]]:
    """The argv that lints one TU on a distcc server, or None when the entry
    cannot be linted that way (no distcc launcher, or a compiler other than
    tscope-cc / tscope-c++, which is all a server runs for us).

    It is the entry's own `distcc tscope-cc ...` command, compiling to
    `object_path` (distcc distributes only -c compiles; -fsyntax-only is not
    sent), with the lint's findings printed on stderr (findings=-, which
    distcc returns) and no instrumentation.  `api_options` are tscope-cc
    options (--tscope-api=NAME|/abs/path); `plugin_args` KEY=VALUE strings."""
    if len(arguments) < 2 or os.path.basename(arguments[0]) not in DISTRIBUTING_LAUNCHERS:
        return None
    launcher, compiler, rest = arguments[0], arguments[1], arguments[2:]
    if os.path.basename(compiler) not in TSCOPE_WRAPPERS:
        return None
    out = [launcher, compiler]
    skip_next = False
    for a in rest:
        if skip_next:
            skip_next = False
            continue
        dropped = dropped_arguments(a, set())
        if dropped:
            skip_next = dropped == 2
            continue
        out.append(a)
    out += ["-c", "-o", object_path,
            "-fplugin-arg-tensorscope-findings=-", "-fplugin-arg-tensorscope-instrument=0"]
    out += api_options
    out += ["-fplugin-arg-tensorscope-" + kv for kv in plugin_args if not kv.startswith("api=")]
    return out
