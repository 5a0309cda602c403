//===- Options.cpp - parse -fplugin-arg-tensorscope-KEY=VALUE -------------===//
//
// Every argument is checked here, before any work starts: a typo in a build
// file must fail the compile with a message naming the key, never silently
// run with defaults (clang would skip the whole plugin if ParseArgs returned
// false without an error).
//
//===----------------------------------------------------------------------===//
#include "Options.h"

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

namespace tscope {
namespace {

struct CategoryName {
  LintCategory Category;
  const char *Name;
};
const CategoryName Categories[] = {
    {LintCategory::Leak, "leak"},
    {LintCategory::DoubleRelease, "double-release"},
    {LintCategory::UseAfterRelease, "use-after-release"},
    {LintCategory::BorrowedRelease, "borrowed-release"},
    {LintCategory::ScopeEscape, "scope-escape"},
};

/// Reports one bad argument; always returns false so callers can
/// `return badArgument(...)`.
bool badArgument(clang::DiagnosticsEngine &Diags, llvm::StringRef Key,
                 llvm::StringRef Value, llvm::StringRef Expected) {
  unsigned ID = Diags.getCustomDiagID(
      clang::DiagnosticsEngine::Error,
      "tensorscope: bad value '%0' for plugin argument '%1' (expected %2)");
  Diags.Report(ID) << Value << Key << Expected;
  return false;
}

bool parseBool(clang::DiagnosticsEngine &Diags, llvm::StringRef Key,
               llvm::StringRef Value, bool &Out) {
  if (Value == "1" || Value == "true" || Value == "yes" || Value == "on") {
    Out = true;
    return true;
  }
  if (Value == "0" || Value == "false" || Value == "no" || Value == "off") {
    Out = false;
    return true;
  }
  return badArgument(Diags, Key, Value, "0 or 1");
}

/// "leak,double-release" (or "all" when `AllowAll`) -> set of categories.
bool parseCategories(clang::DiagnosticsEngine &Diags, llvm::StringRef Key,
                     llvm::StringRef Value, bool AllowAll,
                     std::set<LintCategory> &Out) {
  std::string Expected = "a comma-separated list of leak, double-release, "
                         "use-after-release, borrowed-release, scope-escape";
  if (AllowAll)
    Expected += ", or all";
  if (Value.empty())
    return badArgument(Diags, Key, Value, Expected);
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Value.split(Parts, ',');
  for (llvm::StringRef Part : Parts) {
    Part = Part.trim();
    if (AllowAll && Part == "all") {
      for (const CategoryName &C : Categories)
        Out.insert(C.Category);
      continue;
    }
    const CategoryName *Found = llvm::find_if(
        Categories, [&](const CategoryName &C) { return Part == C.Name; });
    if (Found == std::end(Categories))
      return badArgument(Diags, Key, Part, Expected);
    Out.insert(Found->Category);
  }
  return true;
}

bool parseOne(llvm::StringRef Arg, Options &Opts,
              clang::DiagnosticsEngine &Diags) {
  auto [Key, Value] = Arg.split('=');
  bool HasValue = Arg.contains('=');
  Key = Key.trim();

  if (Key == "help") {
    llvm::errs() << pluginHelpText();
    unsigned ID = Diags.getCustomDiagID(
        clang::DiagnosticsEngine::Error,
        "tensorscope: printed the plugin's arguments (-fplugin-arg-tensorscope-help); "
        "nothing compiled");
    Diags.Report(ID);
    return false;
  }

  // Every other key takes a value; "lint" alone is as wrong as "lint=2".
  auto needsValue = [&](llvm::StringRef Expected) {
    if (HasValue)
      return true;
    return badArgument(Diags, Key, "", Expected);
  };

  if (Key == "api") {
    if (!needsValue("a file name") || Value.empty())
      return badArgument(Diags, Key, Value, "a file name");
    Opts.ApiFiles.push_back(Value.str());
    return true;
  }
  if (Key == "instrument")
    return needsValue("0 or 1") && parseBool(Diags, Key, Value, Opts.Instrument);
  if (Key == "lint")
    return needsValue("0 or 1") && parseBool(Diags, Key, Value, Opts.Lint);
  if (Key == "lint-main-leaks")
    return needsValue("0 or 1") &&
           parseBool(Diags, Key, Value, Opts.LintMainLeaks);
  if (Key == "lint-stats")
    return needsValue("0 or 1") && parseBool(Diags, Key, Value, Opts.LintStats);
  if (Key == "dump-roles")
    return needsValue("0 or 1") && parseBool(Diags, Key, Value, Opts.DumpRoles);
  if (Key == "api-check")
    return needsValue("0 or 1") && parseBool(Diags, Key, Value, Opts.ApiCheck);
  if (Key == "api-cache") {
    if (!needsValue("a directory or off") || Value.empty())
      return badArgument(Diags, Key, Value, "a directory or off");
    Opts.ApiCache = Value.str();
    return true;
  }
  if (Key == "auto-scope") {
    if (!needsValue("a regular expression"))
      return false;
    std::string Error;
    if (Value.empty() || !llvm::Regex(Value).isValid(Error))
      return badArgument(Diags, Key, Value,
                         "a valid regular expression" +
                             (Error.empty() ? std::string() : ": " + Error));
    Opts.AutoScopeRegex = Value.str();
    return true;
  }
  if (Key == "lint-disable")
    return needsValue("a list of lint categories") &&
           parseCategories(Diags, Key, Value, /*AllowAll=*/true,
                           Opts.LintDisabled);
  if (Key == "lint-error")
    return needsValue("a list of lint categories") &&
           parseCategories(Diags, Key, Value, /*AllowAll=*/true,
                           Opts.LintErrors);
  if (Key == "findings") {
    if (!needsValue("a file name") || Value.empty())
      return badArgument(Diags, Key, Value, "a file name");
    Opts.FindingsPath = Value.str();
    return true;
  }

  unsigned ID = Diags.getCustomDiagID(
      clang::DiagnosticsEngine::Error,
      "tensorscope: unknown plugin argument '%0' (-fplugin-arg-tensorscope-help "
      "lists the arguments)");
  Diags.Report(ID) << Key;
  return false;
}

} // namespace

const char *lintCategoryName(LintCategory C) {
  for (const CategoryName &N : Categories)
    if (N.Category == C)
      return N.Name;
  return "unknown";
}

bool parsePluginArgs(const std::vector<std::string> &Args, Options &Opts,
                     clang::DiagnosticsEngine &Diags) {
  for (const std::string &Arg : Args)
    if (!parseOne(Arg, Opts, Diags))
      return false;
  return true;
}

const char *pluginHelpText() {
  return "TensorScope plugin arguments (-fplugin-arg-tensorscope-KEY=VALUE):\n"
         "  api=FILE|NAME          API description (YAML; repeatable). NAME "
         "picks a\n"
         "                         shipped file, e.g. api=gsl\n"
         "  instrument=0|1         emit runtime calls around tensor API calls "
         "[1]\n"
         "  lint=0|1               run the compile-time lint [1]\n"
         "  auto-scope=REGEX       auto-scope the functions whose name "
         "matches\n"
         "  lint-disable=CAT,...   turn lint categories off (leak, "
         "double-release,\n"
         "                         use-after-release, borrowed-release, "
         "scope-escape, all)\n"
         "  lint-error=CAT,...     make lint categories errors (or all)\n"
         "  lint-main-leaks=0|1    report leaks at the return from main [1]\n"
         "  findings=PATH|-        append machine-readable findings (JSON "
         "lines);\n"
         "                         - prints them on stderr behind "
         "'tensorscope-finding: '\n"
         "  lint-stats=0|1         print the lint's work per function (blocks, "
         "visits,\n"
         "                         work units) to stderr [0]\n"
         "  dump-roles=0|1         print the role table to stdout [0]\n"
         "  api-check=0|1          warn about API entries that match no "
         "declaration [0]\n"
         "  api-cache=DIR|off      keep parsed API descriptions in DIR between "
         "compiles\n"
         "                         [$TSCOPE_API_CACHE, else "
         "~/.cache/tensorscope/apis]\n"
         "  help                   print this text\n"
         "See docs/plugin.md.\n";
}

} // namespace tscope
