//===- FiniteNames.h - `match:` patterns that name a finite list ----------===//
//
// A pattern such as `^gsl_(vector|matrix)(_float)?_alloc$` matches a few
// dozen names.  Built from literals, groups, `|` inside groups and `?`
// between `^` and `$`, it needs no compiling (see NameRegex.h for why that
// matters): it is parsed into a small tree and a name is matched by walking
// the tree, which has no loops, so the walk ends after at most as many
// paths as the pattern has names.  `parse` declines every other pattern,
// which RE2 then compiles: a shortcut, never a second dialect.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_ROLES_FINITENAMES_H
#define TENSORSCOPE_PLUGIN_ROLES_FINITENAMES_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace tscope {

class FiniteNames {
public:
  /// Where group N (1-based) matched in a name: [first, second), or
  /// {-1, -1} when the group took no part in the match.
  using Spans = llvm::SmallVector<std::pair<int, int>, 4>;

  /// The tree of `Pattern`, or null when the pattern is not of the subset
  /// (any character of `\.[]{}*+`, a `?`, `|`, `(` or `)` out of place, `|`
  /// outside a group, no `^`...`$` around it, an empty alternative or
  /// group) or names more than `MaxNames` (counted with repeats).
  static std::unique_ptr<FiniteNames> parse(llvm::StringRef Pattern, unsigned MaxNames);

  /// How many names the pattern spells (a name spelled two ways counts
  /// twice): the pattern's cost against a file's budget.
  unsigned size() const { return Count; }
  unsigned groups() const { return Groups; }

  enum class Match { None, One, Ambiguous };
  /// Whether the pattern matches all of `Name`; for One, `Out` holds the
  /// groups.  Ambiguous: two ways through the pattern give different
  /// groups (`^(a|ab)(c|bc)$` on "abc"), and which one a leftmost-longest
  /// matcher reports is for RE2 to say.
  Match match(llvm::StringRef Name, Spans &Out) const;
  /// Whether the pattern matches all of `Name`: the walk stops at the first
  /// way through (which groups it would give does not matter).
  bool matches(llvm::StringRef Name) const;

  /// Every name, sorted, without repeats (for tests).
  std::vector<std::string> names() const;

  struct Node;   ///< (FiniteNames.cpp)
  ~FiniteNames();

private:
  FiniteNames();
  std::vector<Node> Nodes;
  std::vector<unsigned> Top; ///< the pattern: a sequence of Nodes
  unsigned Groups = 0, Count = 0;
  friend class FiniteNamesParser;
  friend class FiniteNamesWalk;
};

} // namespace tscope

#endif
