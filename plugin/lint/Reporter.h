//===- Reporter.h - turns lint findings into diagnostics and JSON lines ----===//
//
// The one place that decides whether a finding is shown and how: the
// lint-disable / lint-error plugin arguments, clang's own -w and -Werror
// (custom diagnostic IDs ignore them on clang 19, so we apply them here),
// silence in system headers, the per-line suppression comments, and
// de-duplication (one finding per category, tensor and location).  It also
// appends each shown finding to the findings=PATH file as one JSON object
// per line, for tscope-lint.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_LINT_REPORTER_H
#define TENSORSCOPE_PLUGIN_LINT_REPORTER_H

#include "../Options.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include <optional>
#include <set>
#include <tuple>
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
class ASTContext;
class SourceManager;
} // namespace clang

namespace tscope {

/// "tscope-leak", "tscope-double-release", ...: the name users grep for.
const char *lintCategoryFlag(LintCategory C);

struct FindingNote {
  clang::SourceLocation Loc;
  std::string Message;
};

struct Finding {
  LintCategory Category = LintCategory::Leak;
  clang::SourceLocation Loc;   ///< where the problem shows (exit, release, use)
  std::string Message;         ///< without the trailing [-Wtscope-...]
  std::vector<FindingNote> Notes; ///< first note: the creation site
  std::optional<clang::FixItHint> Fix;
  std::vector<clang::FixItHint> Fixes; ///< more hints, all applied together
  std::string Function;        ///< the function being linted
  /// Identity of the tensor concerned (e.g. its creation call), for
  /// de-duplication: one finding per category, tensor and location.
  const void *Tensor = nullptr;
  /// With Tensor, when one call makes several (an init helper's fields).
  const void *TensorPart = nullptr;
};

class Reporter {
public:
  Reporter(clang::CompilerInstance &CI, clang::ASTContext &Ctx,
           const Options &Opts);
  /// With findings=-, each JSON line goes to stderr behind this prefix
  /// (tools/tscope_lint/findings.py STDERR_PREFIX reads it back).
  static constexpr const char *kStderrFindingPrefix = "tensorscope-finding: ";

  /// Writes the collected JSON lines to findings=PATH (one append), or to
  /// stderr for findings=-.
  ~Reporter();

  /// Shows `F` unless a control silences it.
  void report(const Finding &F);

  unsigned shownCount() const { return Shown; }

private:
  bool suppressedByComment(const Finding &F) const;
  bool lineSuppresses(clang::SourceLocation Loc, LintCategory C,
                      bool PreviousLine) const;
  void appendJson(const Finding &F, bool AsError);
  void writeFindingsFile();

  clang::DiagnosticsEngine &Diags;
  clang::SourceManager &SM;
  const Options &Opts;
  std::set<std::tuple<const void *, const void *, int, unsigned>> Seen;
  std::string JsonLines;
  unsigned Shown = 0;
};

} // namespace tscope

#endif
