//===- Options.h - the plugin's arguments -----------------------------------===//
//
// Parsed from -fplugin-arg-tensorscope-KEY=VALUE (reaching ParseArgs as
// "KEY=VALUE").  An unknown key or a bad value is a compile error naming it.
// Keys (documented in docs/plugin.md and `-fplugin-arg-tensorscope-help`):
//   api=FILE                 API description file (repeatable)
//   instrument=0|1           emit runtime calls (IR side)             [1]
//   lint=0|1                 run the compile-time lint (AST side)     [1]
//   auto-scope=REGEX         auto-scope functions whose name matches
//   lint-disable=CAT,...     turn categories off (leak, double-release,
//                            use-after-release, borrowed-release, scope-escape)
//   lint-error=CAT,...|all   make categories errors
//   lint-main-leaks=0|1      report leaks at the return from main     [1]
//   findings=PATH            append machine-readable findings (JSON lines)
//   dump-roles=0|1           print the role table (for tests and users)
//   help                     print the keys and exit the compile with an error
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_OPTIONS_H
#define TENSORSCOPE_PLUGIN_OPTIONS_H

#include <set>
#include <string>
#include <vector>

namespace tscope {

/// The lint categories; each shows as [-Wtscope-<name>].
enum class LintCategory { Leak, DoubleRelease, UseAfterRelease, BorrowedRelease, ScopeEscape };

struct Options {
  std::vector<std::string> ApiFiles;
  bool Instrument = true;
  bool Lint = true;
  std::string AutoScopeRegex;         ///< empty: none
  std::set<LintCategory> LintDisabled;
  std::set<LintCategory> LintErrors;
  bool LintMainLeaks = true;
  std::string FindingsPath;           ///< empty: none
  bool DumpRoles = false;
};

} // namespace tscope

#endif
