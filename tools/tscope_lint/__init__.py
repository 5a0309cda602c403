"""tscope-lint: runs TensorScope's compile-time lint over a compile database.

The pieces, one job each:
  compile_db  read and validate compile_commands.json, pick the TUs
  command     turn a TU's compile command into a lint command
  runner      run the lint commands in parallel, collect findings
  findings    the finding record, de-duplication, fingerprints
  rules       the stable rule ids and their descriptions
  baseline    read / write the baseline file
  sarif       write SARIF 2.1.0
  report      clang-style text output and the summary line
  cli         the command line
"""

VERSION = "0.1.0"


class UsageError(Exception):
    """Bad input from the user (options, compile database, baseline):
    reported as one message and exit status 2."""
