//===- NameRegex.h - `match:` patterns of API descriptions (RE2) ----------===//
//
// API description files name function families with regular expressions.
// llvm::Regex (the BSD engine) backtracks: a pattern of nested counted
// repeats such as `((a{1,100}){1,100}){1,100}$` took seconds per name and
// hundreds of MB.  RE2 matches in time linear in the name with bounded
// memory, so a description cannot stall a compile however it is written.
//
// Syntax: POSIX extended regular expressions as RE2 reads them
// (posix_syntax), with Perl's \d \w \s \b; no backreferences in the
// pattern; repeat counts at most 1000, nested counts multiplied too; at
// most 1 MB of memory a pattern (compiled program and DFA cache).
// Matching is leftmost-longest, as POSIX's (and llvm::Regex's) was, bytewise
// (Latin-1), and `^`/`$` anchor at the ends of the name.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_ROLES_NAMEREGEX_H
#define TENSORSCOPE_PLUGIN_ROLES_NAMEREGEX_H

#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>

namespace re2 {
class RE2;
}

namespace tscope {

/// The compiled instructions all `match:` patterns of one API file may take
/// together: about 50 times what apis/gsl.yaml needs (1,868), a few MB.
constexpr unsigned MaxApiRegexProgram = 100000;

class NameRegex {
public:
  /// Compiles `Pattern`; on failure `error()` says why in the format's words.
  explicit NameRegex(llvm::StringRef Pattern);
  ~NameRegex();
  NameRegex(const NameRegex &) = delete;
  NameRegex &operator=(const NameRegex &) = delete;

  bool ok() const { return Error.empty(); }
  const std::string &error() const { return Error; }
  /// Instructions of the compiled pattern (RE2's ProgramSize), 0 if bad:
  /// what an API file may spend in all is bounded (MaxApiRegexProgram).
  unsigned programSize() const;
  /// Number of capturing groups (\1..\N a release name may use).
  unsigned groups() const;

  /// Whether the pattern matches somewhere in `Name` (anchor with ^...$).
  bool search(llvm::StringRef Name) const;

  /// `Name` with the part the pattern matched replaced by `Repl`, in which
  /// \0..\9 are the groups (an unmatched group is empty) and \\ is a
  /// backslash.  `Name` itself when the pattern does not match.
  std::string substitute(llvm::StringRef Repl, llvm::StringRef Name) const;

  /// What is wrong with `Repl` as a replacement for this pattern, or "":
  /// a \N beyond the pattern's groups, a \ before anything but a digit or \.
  std::string checkReplacement(llvm::StringRef Repl) const;

private:
  std::unique_ptr<re2::RE2> Compiled;
  std::string Error;
};

} // namespace tscope

#endif
