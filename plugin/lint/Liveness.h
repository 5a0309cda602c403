//===- Liveness.h - which locals a later statement may still read ---------===//
//
// The lint forgets variables that nothing reads any more, so its states stay
// small in long functions.  Clang's LiveVariables answers that question for
// every variable at every statement with immutable sets; on deep loop nests
// its fixpoint is cubic (400 nested loops with no tensor code: 9 s of a
// 9.3 s compile).  This one answers only at block entries, for the locals
// that can hold what the lint follows, and solves one variable at a time
// (from its reads back to its writes), so the work is the total size of the
// live ranges, whatever the nesting.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_LINT_LIVENESS_H
#define TENSORSCOPE_PLUGIN_LINT_LIVENESS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <cstdint>
#include <vector>

namespace clang {
class AnalysisDeclContext;
class CFG;
class CFGBlock;
class ValueDecl;
class VarDecl;
} // namespace clang

namespace tscope {

class BlockLiveness {
public:
  /// Computes live-in sets for every block of `Cfg` (built with every
  /// subexpression as its own element, as the lint builds it).
  BlockLiveness(const clang::CFG &Cfg, clang::AnalysisDeclContext &AC);

  /// May a statement at or after the start of `B` read `VD` before writing
  /// it?  True for variables this analysis does not track (it never lets
  /// the lint forget what it did not look at).
  bool liveAtEntry(const clang::CFGBlock *B, const clang::ValueDecl *VD) const;

  /// Blocks and edges walked while solving (for lint-stats=1).
  uint64_t work() const { return Work; }

private:
  llvm::DenseMap<const clang::VarDecl *, unsigned> Index;
  llvm::DenseSet<std::pair<unsigned, unsigned>> Live; ///< (block ID, var)
  uint64_t Work = 0;
};

} // namespace tscope

#endif
