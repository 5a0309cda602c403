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
// Most patterns of real descriptions name a finite list of functions:
// `^gsl_vector(_(float|int|...))?_(alloc|calloc)$`, literals, groups,
// alternatives and `?` between `^` and `$`.  RE2 spends 15,000 to 350,000
// instructions compiling one of those (apis/*.yaml: 10 million in all, more
// than the rest of loading them), on every compile of every translation
// unit.  Such a pattern is parsed into a tree and matched by walking it
// (FiniteNames.h); RE2 compiles it only if a name matches it in two ways
// with different groups, to say which groups a substitution uses.  Other
// patterns, and those of more than MaxFiniteNames names, are compiled by
// RE2 at once.  Both paths give the same answers:
// test/fuzz/name-regex-finite.test compares them on every shipped pattern.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_ROLES_NAMEREGEX_H
#define TENSORSCOPE_PLUGIN_ROLES_NAMEREGEX_H

#include "llvm/ADT/StringRef.h"
#include <memory>
#include <mutex>
#include <string>

namespace re2 {
class RE2;
}

namespace tscope {

/// The compiled instructions all `match:` patterns of one API file may take
/// together (RE2 instructions, or the names of a finite-list pattern): about 90 times
/// what apis/gsl.yaml needs (1,100 names), a few MB.
constexpr unsigned MaxApiRegexProgram = 100000;

/// The most names a pattern matched by FiniteNames may spell (see above); a
/// pattern that names more is compiled by RE2.
constexpr unsigned MaxFiniteNames = 4096;

class FiniteNames;

class NameRegex {
public:
  /// `Pattern`, parsed or compiled on the first question asked of it; on
  /// failure `error()` says why in the format's words.
  /// `UseRE2Only` skips the finite-list form, FiniteNames (tests compare
  /// the two).
  explicit NameRegex(llvm::StringRef Pattern, bool UseRE2Only = false);
  ~NameRegex();

  /// The compiled form of `Pattern`, shared: each distinct pattern is
  /// compiled once per process however often it is asked for.  Compiling
  /// costs about 100,000 instructions a pattern, and the schema check, the
  /// loader and every translation unit of a `clang` process that loads the
  /// same description ask for the same patterns.  Thread-safe.
  static std::shared_ptr<const NameRegex> get(llvm::StringRef Pattern);
  NameRegex(const NameRegex &) = delete;
  NameRegex &operator=(const NameRegex &) = delete;

  bool ok() const {
    build();
    return Error.empty();
  }
  const std::string &error() const {
    build();
    return Error;
  }
  /// What the pattern costs in memory, 0 if bad: RE2's ProgramSize
  /// (instructions), or for a finite-list pattern the number of its names.
  /// What an API file may spend in all is bounded (MaxApiRegexProgram).
  unsigned programSize() const;
  /// Whether the pattern is matched as a finite list of names (FiniteNames).
  bool isFinite() const {
    build();
    return Finite != nullptr;
  }
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
  /// Parses the pattern (FiniteNames, else RE2) on first use: constructing
  /// a NameRegex costs nothing until a question is asked of it.
  void build() const;
  /// RE2's form; compiled on first use when Finite is set.
  const re2::RE2 &re2() const;

  std::string Source; ///< the pattern
  bool UseRE2Only;
  mutable std::once_flag BuildOnce;
  mutable std::unique_ptr<FiniteNames> Finite;
  mutable std::unique_ptr<re2::RE2> Compiled;
  mutable std::once_flag CompileOnce;
  mutable std::string Error;
};

} // namespace tscope

#endif
