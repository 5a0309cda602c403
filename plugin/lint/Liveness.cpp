//===- Liveness.cpp - block-entry liveness of the lint's variables --------===//
#include "Liveness.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Analysis/AnalysisDeclContext.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace tscope {

namespace {

/// The variables worth a bit: locals of pointer, array, struct or reference
/// type, which hold tensors.  Integers hold the lint's values only as the
/// status of an out-parameter create (`int rc = t_make(&t);`), so only
/// integers written from a call count; the rest (loop counters) stay
/// "always live", which costs nothing since the lint keeps no value for
/// them.  Leaving them out keeps deep loop nests cheap.
bool tracked(const VarDecl *VD) {
  if (!VD->hasLocalStorage())
    return false;
  QualType T = VD->getType();
  return T->isPointerType() || T->isArrayType() || T->isRecordType() ||
         T->isReferenceType();
}

bool isCall(const Expr *E) { return E && isa<CallExpr>(E->IgnoreParenCasts()); }

const VarDecl *trackedVar(const Expr *E, const llvm::DenseMap<const VarDecl *, unsigned> &Index) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (Index.count(VD))
        return VD;
  return nullptr;
}

} // namespace

BlockLiveness::BlockLiveness(const CFG &Cfg, AnalysisDeclContext &AC) {
  // 1. Number the tracked variables, and find the references that only
  //    write (the left side of a plain `=`): those end liveness.
  llvm::DenseSet<const DeclRefExpr *> WriteOnly;
  for (const CFGBlock *B : Cfg)
    for (const CFGElement &El : *B) {
      std::optional<CFGStmt> CS = El.getAs<CFGStmt>();
      if (!CS)
        continue;
      const Stmt *S = CS->getStmt();
      if (const auto *DS = dyn_cast<DeclStmt>(S)) {
        for (const Decl *D : DS->decls())
          if (const auto *VD = dyn_cast<VarDecl>(D);
              VD && VD->hasLocalStorage() && (tracked(VD) || isCall(VD->getInit())))
            Index.try_emplace(VD, Index.size());
      } else if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && tracked(VD))
          Index.try_emplace(VD, Index.size());
      } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
        if (BO->getOpcode() == BO_Assign)
          if (const auto *L = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens())) {
            WriteOnly.insert(L);
            if (const auto *VD = dyn_cast<VarDecl>(L->getDecl());
                VD && VD->hasLocalStorage() && isCall(BO->getRHS()))
              Index.try_emplace(VD, Index.size());
          }
      }
    }
  // 2. Per block, walking its elements backwards: which variables it
  //    writes (Def), and which it reads before writing (upward-exposed
  //    uses: the variable is live at the block's entry).
  llvm::DenseSet<std::pair<unsigned, unsigned>> Def; // (block, var)
  std::vector<std::vector<unsigned>> UseBlocks(Index.size()); // by var
  for (const CFGBlock *B : Cfg) {
    unsigned BID = B->getBlockID();
    llvm::DenseMap<unsigned, bool> Exposed; // var -> read before any write
    for (auto It = B->rbegin(); It != B->rend(); ++It) {
      std::optional<CFGStmt> CS = It->getAs<CFGStmt>();
      if (!CS)
        continue;
      const Stmt *S = CS->getStmt();
      const VarDecl *Written = nullptr, *Read = nullptr;
      // A declaration starts the variable, initialised or not (`tensor
      // *a[4];`): nothing before it reads this one.  Without that, a local
      // array, which is only ever read (`a[i] = t` reads `a`), would be
      // live from the function's entry to its last use, and a function
      // with N arrays in N blocks would cost N^2 here.
      if (const auto *DS = dyn_cast<DeclStmt>(S)) {
        for (const Decl *Dc : DS->decls())
          if (const auto *VD = dyn_cast<VarDecl>(Dc); VD && Index.count(VD)) {
            Def.insert({BID, Index.lookup(VD)});
            Exposed[Index.lookup(VD)] = false;
          }
        continue;
      }
      if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
        if (BO->getOpcode() == BO_Assign)
          Written = trackedVar(BO->getLHS()->IgnoreParens(), Index);
      } else if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
        if (!WriteOnly.count(DRE))
          Read = trackedVar(DRE, Index);
      }
      if (Written) {
        Def.insert({BID, Index.lookup(Written)});
        Exposed[Index.lookup(Written)] = false;
      }
      if (Read)
        Exposed[Index.lookup(Read)] = true;
    }
    for (const auto &[Var, IsExposed] : Exposed)
      if (IsExposed)
        UseBlocks[Var].push_back(BID);
  }

  // 3. One variable at a time, from the blocks that read it, backwards
  //    through predecessors until a block that writes it: every block
  //    reached has it live at entry.  The work is the size of each
  //    variable's live range, so it stays linear in the function even with
  //    thousands of short-lived locals (a bit vector per block would be
  //    blocks x variables).
  std::vector<const CFGBlock *> ById(Cfg.getNumBlockIDs(), nullptr);
  for (const CFGBlock *B : Cfg)
    ById[B->getBlockID()] = B;
  std::vector<unsigned> Stack;
  for (unsigned Var = 0; Var < UseBlocks.size(); ++Var) {
    Stack = UseBlocks[Var];
    for (unsigned BID : Stack)
      Live.insert({BID, Var});
    while (!Stack.empty()) {
      const CFGBlock *B = ById[Stack.back()];
      Stack.pop_back();
      ++Work;
      for (const CFGBlock *Pred : B->preds()) {
        if (!Pred)
          continue;
        ++Work;
        unsigned PID = Pred->getBlockID();
        // Live at Pred's exit; at its entry too unless Pred writes it.
        if (Def.count({PID, Var}) || Live.count({PID, Var}))
          continue;
        Live.insert({PID, Var});
        Stack.push_back(PID);
      }
    }
  }
  (void)AC;
}

bool BlockLiveness::liveAtEntry(const CFGBlock *B, const ValueDecl *VD) const {
  const auto *V = dyn_cast<VarDecl>(VD);
  auto Found = V ? Index.find(V) : Index.end();
  if (Found == Index.end())
    return true;
  return Live.count({B->getBlockID(), Found->second}) != 0;
}

} // namespace tscope
