//===- RegexPrefilter.h - cheap rejection before a regex match ------------===//
//
// API description files name function families with regular expressions
// (apis/gsl.yaml has dozens), and every function declared in a translation
// unit is tried against every one of them: with GSL's headers that is
// thousands of names, and llvm::Regex costs about a microsecond a try.  Most
// names share no literal head or tail with a pattern, so a necessary
// condition read off the pattern's text rejects them without running it.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_ROLES_REGEXPREFILTER_H
#define TENSORSCOPE_PLUGIN_ROLES_REGEXPREFILTER_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace tscope {

/// A necessary condition for a (POSIX extended) regular expression to match
/// a name: the name starts with Prefix and ends with one of Suffixes.  Both
/// are derived only where the pattern is anchored (^ / $) and has no
/// alternation at its top level; otherwise they stay empty (always true).
struct RegexPrefilter {
  std::string Prefix;
  std::vector<std::string> Suffixes; ///< empty: any ending

  static RegexPrefilter analyze(llvm::StringRef Pattern);

  /// False only when the pattern certainly cannot match `Name`.
  bool mayMatch(llvm::StringRef Name) const;
};

} // namespace tscope

#endif
