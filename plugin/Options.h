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
//   findings=PATH|-          append machine-readable findings (JSON lines);
//                            "-": on stderr, each behind "tensorscope-finding: "
//   lint-stats=0|1           print the lint's work per function to stderr
//   dump-roles=0|1           print the role table (for tests and users)
//   api-cache=DIR|off        where parsed API descriptions are kept between
//                            compiles (roles/ApiCache.h)
//   api-check=0|1            warn about API description entries that match
//                            no declaration of the TU, and about create
//                            entries whose release function is not declared
//   help                     print the keys and exit the compile with an error
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_OPTIONS_H
#define TENSORSCOPE_PLUGIN_OPTIONS_H

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class DiagnosticsEngine;
}

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
  bool LintStats = false;             ///< print work counters per function
  std::string FindingsPath;           ///< empty: none
  bool DumpRoles = false;
  bool ApiCheck = false;
  std::optional<std::string> ApiCache; ///< api-cache=; unset: the environment
};

/// Parses the plugin's arguments ("KEY=VALUE" or "help") into `Opts`.
/// Reports the first bad argument as an error through `Diags` (naming the
/// key and the value) and returns false; "help" prints the keys to stderr
/// and also returns false (clang then stops with an error).
bool parsePluginArgs(const std::vector<std::string> &Args, Options &Opts,
                     clang::DiagnosticsEngine &Diags);

/// The text printed by -fplugin-arg-tensorscope-help.
const char *pluginHelpText();

/// Category name as users write it (leak, double-release, ...).
const char *lintCategoryName(LintCategory C);

} // namespace tscope

#endif
