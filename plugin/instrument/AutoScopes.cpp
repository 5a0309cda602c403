//===- AutoScopes.cpp - scopes for TSCOPE_AUTO / TSCOPE_AUTO_LOOPS ---------===//
#include "AutoScopes.h"
#include "Escapes.h"
#include "IRSurgery.h"
#include "LoopDepthMarker.h"
#include "RoleCalls.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace tscope {

/// The text of an annotation string operand (a private global string).
static StringRef annotationText(Value *V) {
  auto *GV = dyn_cast<GlobalVariable>(V->stripPointerCasts());
  if (!GV || !GV->hasInitializer())
    return "";
  if (auto *Data = dyn_cast<ConstantDataSequential>(GV->getInitializer()))
    if (Data->isString())
      return Data->getAsString().rtrim('\0');
  return "";
}

DenseMap<AllocaInst *, unsigned> takeLoopDepths(Function &F) {
  DenseMap<AllocaInst *, unsigned> Depths;
  SmallVector<IntrinsicInst *, 8> Marks;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *II = dyn_cast<IntrinsicInst>(&I))
        if (II->getIntrinsicID() == Intrinsic::var_annotation) {
          StringRef Text = annotationText(II->getArgOperand(1));
          if (!Text.consume_front(LoopDepthAnnotation))
            continue;
          unsigned Depth = 0;
          if (auto *Slot = dyn_cast<AllocaInst>(
                  getUnderlyingObject(II->getArgOperand(0))))
            if (!Text.getAsInteger(10, Depth))
              Depths[Slot] = Depth;
          Marks.push_back(II);
        }
  // The marks carry no meaning for the program: drop them (and the strings
  // and declaration they leave unused) so the output matches an unmarked
  // compile.
  Function *Decl = Marks.empty() ? nullptr : Marks.front()->getCalledFunction();
  for (IntrinsicInst *II : Marks) {
    SmallVector<Value *, 2> Strings = {II->getArgOperand(1),
                                       II->getArgOperand(2)};
    II->eraseFromParent();
    for (Value *S : Strings)
      if (auto *GV = dyn_cast<GlobalVariable>(S->stripPointerCasts()))
        if (GV->use_empty() && GV->hasPrivateLinkage())
          GV->eraseFromParent();
  }
  if (Decl && Decl->use_empty())
    Decl->eraseFromParent();
  return Depths;
}

namespace {

/// Builds the scopes of one function.
class ScopeBuilder {
public:
  ScopeBuilder(Function &F, bool Loops,
               const DenseMap<AllocaInst *, unsigned> &Depths,
               const RoleTable &Roles, RuntimeApi &Api)
      : F(F), Loops(Loops), Depths(Depths), Roles(Roles), Api(Api), DT(F),
        LI(DT) {}

  void build();

private:
  void beginFunctionScope();
  void beginLoopScopes();
  void endScopesOnEdges();
  void endScopesBeforeReturns(ArrayRef<ReturnInst *> Returns);
  void adoptIntoOuterScopes();
  void adoptOutParameters();
  void endScopesOnUnwind(ArrayRef<std::pair<CallInst *, Loop *>> MayThrow,
                         ArrayRef<ResumeInst *> Resumes);

  /// Loops whose iteration scope is open in `BB`, innermost first (empty
  /// without loop scopes): the loops containing it, and loops on whose
  /// break/return path it lies (see computeExitPaths).
  SmallVector<Loop *, 4> loopsAround(BasicBlock *BB) const;
  /// The innermost loop whose scope is open in `BB`, or null.
  Loop *innermostOpen(BasicBlock *BB) const;
  void computeExitPaths();
  /// The scope a value stored into `Slot` from inside `Inner` belongs to,
  /// or null when that is the innermost scope already.
  Value *scopeOfSlot(AllocaInst *Slot, Loop *Inner) const;

  Function &F;
  bool Loops;
  const DenseMap<AllocaInst *, unsigned> &Depths;
  const RoleTable &Roles;
  RuntimeApi &Api;
  DominatorTree DT;
  LoopInfo LI;
  Value *FunctionScope = nullptr;
  DenseMap<Loop *, Value *> LoopScope;
  /// Blocks on a break/return path out of a loop, with those loops.
  DenseMap<BasicBlock *, SmallVector<Loop *, 2>> ExitPathOf;
  /// Out-parameter creates writing a variable declared outside their loop:
  /// (call, (scope, out-parameter)).
  SmallVector<std::pair<CallBase *, std::pair<Value *, Value *>>, 4> AdoptOut;
};

SmallVector<Loop *, 4> ScopeBuilder::loopsAround(BasicBlock *BB) const {
  SmallVector<Loop *, 4> Around;
  if (!Loops)
    return Around;
  for (Loop *L = LI.getLoopFor(BB); L; L = L->getParentLoop())
    Around.push_back(L);
  auto It = ExitPathOf.find(BB);
  if (It != ExitPathOf.end())
    for (Loop *L : It->second)
      if (!is_contained(Around, L))
        Around.push_back(L);
  // Innermost first: deeper loops are nested in shallower ones.
  llvm::stable_sort(Around, [](Loop *A, Loop *B) {
    return A->getLoopDepth() > B->getLoopDepth();
  });
  return Around;
}

Loop *ScopeBuilder::innermostOpen(BasicBlock *BB) const {
  SmallVector<Loop *, 4> Around = loopsAround(BB);
  return Around.empty() ? nullptr : Around.front();
}

// `if (found) { result = t; break; }` and `return t;` inside a loop: clang
// emits the assignment in a block outside the natural loop (it cannot reach
// the back edge).  Ending the iteration's scope on the edge into that block
// would release `t` before it is stored.  So a path that leaves the loop
// from inside its body (not from the header's or a latch's condition) keeps
// the iteration open: the blocks dominated by the path's first block, when
// that block is entered only from the loop.  The scope ends where the path
// rejoins other code, or at a return.
void ScopeBuilder::computeExitPaths() {
  for (Loop *L : LI.getLoopsInPreorder()) {
    SmallVector<std::pair<BasicBlock *, BasicBlock *>, 4> Exits;
    L->getExitEdges(Exits);
    for (auto &[From, To] : Exits) {
      if (From == L->getHeader() || L->isLoopLatch(From) ||
          To->getSinglePredecessor() != From || To->isEHPad())
        continue;
      SmallVector<BasicBlock *, 8> Region;
      DT.getDescendants(To, Region);
      for (BasicBlock *BB : Region)
        ExitPathOf[BB].push_back(L);
    }
  }
}

void ScopeBuilder::beginFunctionScope() {
  BasicBlock &Entry = F.getEntryBlock();
  BasicBlock::iterator At = Entry.getFirstInsertionPt();
  while (At != Entry.end() && isa<AllocaInst>(*At))
    ++At;
  IRBuilder<> B(&Entry, At);
  FunctionScope = B.CreateCall(Api.scopeBegin(), {Api.siteForFunction(F)},
                               "tscope.scope");
}

void ScopeBuilder::beginLoopScopes() {
  for (Loop *L : LI.getLoopsInPreorder()) {
    BasicBlock *Header = L->getHeader();
    IRBuilder<> B(Header, Header->getFirstInsertionPt());
    DebugLoc Start = L->getStartLoc();
    LoopScope[L] = B.CreateCall(
        Api.scopeBegin(), {Api.siteAt(Start.get(), F, "")}, "tscope.loop");
  }
}

void ScopeBuilder::endScopesOnEdges() {
  // Plan on the unmodified CFG first: splitting edges invalidates LoopInfo.
  MapVector<std::pair<BasicBlock *, BasicBlock *>, SmallVector<Value *, 2>>
      Ends;
  for (BasicBlock &BB : F) {
    Instruction *Term = BB.getTerminator();
    if (!isa<BranchInst>(Term) && !isa<SwitchInst>(Term) &&
        !isa<InvokeInst>(Term))
      continue; // indirectbr/callbr edges cannot be split
    for (BasicBlock *Succ : successors(&BB)) {
      if (Succ->isEHPad())
        continue; // unwinding: handled where the exception leaves F
      if (Ends.count({&BB, Succ}))
        continue;
      SmallVector<Value *, 2> Scopes;
      SmallVector<Loop *, 4> There = loopsAround(Succ);
      for (Loop *L : loopsAround(&BB))
        if (!is_contained(There, L) ||
            (L->getHeader() == Succ && L->contains(&BB)))
          Scopes.push_back(LoopScope[L]); // leaving it, or next iteration
      if (!Scopes.empty())
        Ends[{&BB, Succ}] = Scopes;
    }
  }
  for (auto &[Edge, Scopes] : Ends) {
    Instruction *OldTerm = Edge.first->getTerminator();
    BasicBlock *Mid = splitEdge(Edge.first, Edge.second, "tscope.loop.end");
    // Loop metadata (mustprogress, pragmas) lives on the latch's branch;
    // on a back edge Mid is the new latch.
    if (MDNode *LoopMD = OldTerm->getMetadata(LLVMContext::MD_loop))
      if (LI.isLoopHeader(Edge.second) &&
          LI.getLoopFor(Edge.second)->contains(Edge.first)) {
        Mid->getTerminator()->setMetadata(LLVMContext::MD_loop, LoopMD);
        OldTerm->setMetadata(LLVMContext::MD_loop, nullptr);
      }
    IRBuilder<> B(Mid, Mid->getFirstInsertionPt());
    for (Value *S : Scopes)
      B.CreateCall(Api.scopeEnd(), {S});
  }
}

void ScopeBuilder::endScopesBeforeReturns(ArrayRef<ReturnInst *> Returns) {
  for (ReturnInst *Ret : Returns) {
    IRBuilder<> B(Ret);
    Value *RV = Ret->getReturnValue();
    bool Keep = RV && RV->getType()->isPointerTy();
    SmallVector<Value *, 4> Scopes;
    for (Loop *L : loopsAround(Ret->getParent()))
      Scopes.push_back(LoopScope[L]);
    Scopes.push_back(FunctionScope);
    // Innermost first; the returned tensor moves out one scope at a time.
    for (Value *S : Scopes) {
      if (Keep)
        B.CreateCall(Api.scopeEndKeep(), {S, RV});
      else
        B.CreateCall(Api.scopeEnd(), {S});
    }
  }
}

Value *ScopeBuilder::scopeOfSlot(AllocaInst *Slot, Loop *Inner) const {
  auto It = Depths.find(Slot);
  unsigned Depth = It == Depths.end() ? 0 : It->second;
  if (!Inner || Depth >= Inner->getLoopDepth())
    return nullptr;
  if (Depth == 0)
    return FunctionScope;
  Loop *L = Inner;
  while (L->getLoopDepth() > Depth)
    L = L->getParentLoop();
  return LoopScope.lookup(L);
}

void ScopeBuilder::adoptIntoOuterScopes() {
  SmallVector<std::pair<Instruction *, std::pair<Value *, Value *>>, 8> Adopt;
  for (BasicBlock &BB : F) {
    Loop *Inner = innermostOpen(&BB);
    if (!Inner)
      continue;
    for (Instruction &I : BB) {
      if (auto *St = dyn_cast<StoreInst>(&I)) {
        Value *V = St->getValueOperand();
        auto *Slot =
            dyn_cast<AllocaInst>(getUnderlyingObject(St->getPointerOperand()));
        if (Slot && mayBeTensor(V))
          if (Value *S = scopeOfSlot(Slot, Inner))
            Adopt.push_back({St, {S, V}});
      } else if (auto *CB = dyn_cast<CallBase>(&I)) {
        // An out-parameter create writing a variable declared outside.
        const FunctionRoles *R = rolesOfCallee(Roles, *CB);
        Value *Out = R ? roleArgument(*CB, R->CreatesOut) : nullptr;
        if (!Out)
          continue;
        auto *Slot = dyn_cast<AllocaInst>(getUnderlyingObject(Out));
        if (Slot)
          if (Value *S = scopeOfSlot(Slot, Inner))
            AdoptOut.push_back({CB, {S, Out}});
      }
    }
  }
  for (auto &[St, SV] : Adopt) {
    IRBuilder<> B(St);
    B.CreateCall(Api.scopeAdopt(), {SV.first, SV.second});
  }
}

void ScopeBuilder::adoptOutParameters() {
  // Placed right after the call: the tracking RoleCalls adds later goes
  // in front of it, so the tensor is tracked before it is adopted.
  for (auto &[CB, SO] : AdoptOut) {
    IRBuilder<> B(CB->getContext());
    B.SetInsertPoint(insertionPointAfter(*CB));
    Value *Created = B.CreateLoad(Api.ptrTy(), SO.second, "tscope.out");
    B.CreateCall(Api.scopeAdopt(), {SO.first, Created});
  }
}

/// The C++ personality, for functions that had no landing pad yet.
static FunctionCallee cxxPersonality(Module &M) {
  return M.getOrInsertFunction(
      "__gxx_personality_v0",
      FunctionType::get(Type::getInt32Ty(M.getContext()), true));
}

void ScopeBuilder::endScopesOnUnwind(
    ArrayRef<std::pair<CallInst *, Loop *>> MayThrow,
    ArrayRef<ResumeInst *> Resumes) {
  for (ResumeInst *Resume : Resumes) {
    IRBuilder<> B(Resume);
    B.CreateCall(Api.scopeEnd(), {FunctionScope});
  }
  if (MayThrow.empty())
    return;
  if (!F.hasPersonalityFn())
    F.setPersonalityFn(
        cast<Constant>(cxxPersonality(*F.getParent()).getCallee()));
  LLVMContext &C = F.getContext();
  Type *PadTy = StructType::get(C, {Api.ptrTy(), Type::getInt32Ty(C)});
  // One cleanup pad per innermost loop (null: outside loops): it ends that
  // loop's scope and those around it, then the function's, and resumes.
  DenseMap<Loop *, BasicBlock *> Pads;
  for (auto &[Call, L] : MayThrow) {
    BasicBlock *&Pad = Pads[L];
    if (!Pad) {
      Pad = BasicBlock::Create(C, "tscope.unwind", &F);
      IRBuilder<> B(Pad);
      LandingPadInst *LP = B.CreateLandingPad(PadTy, 0, "tscope.lp");
      LP->setCleanup(true);
      for (Loop *Around = L; Around; Around = Around->getParentLoop())
        B.CreateCall(Api.scopeEnd(), {LoopScope.lookup(Around)});
      B.CreateCall(Api.scopeEnd(), {FunctionScope});
      B.CreateResume(LP);
    }
    changeToInvokeAndSplitBasicBlock(Call, Pad);
  }
}

void ScopeBuilder::build() {
  // Everything is planned on the CFG as clang emitted it.
  if (Loops)
    computeExitPaths();
  SmallVector<ReturnInst *, 4> Returns;
  SmallVector<ResumeInst *, 2> Resumes;
  SmallVector<std::pair<CallInst *, Loop *>, 8> MayThrow;
  bool CanUnwind = !F.doesNotThrow();
  for (BasicBlock &BB : F) {
    if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator()))
      Returns.push_back(Ret);
    if (auto *Resume = dyn_cast<ResumeInst>(BB.getTerminator()))
      Resumes.push_back(Resume);
    if (!CanUnwind)
      continue;
    for (Instruction &I : BB)
      if (auto *Call = dyn_cast<CallInst>(&I))
        if (!Call->doesNotThrow() && !Call->isInlineAsm() &&
            !isa<IntrinsicInst>(Call) && !Call->isMustTailCall())
          MayThrow.push_back({Call, innermostOpen(&BB)});
  }

  beginFunctionScope();
  if (Loops) {
    beginLoopScopes();
    adoptIntoOuterScopes();
  }
  endScopesBeforeReturns(Returns);
  // From here on the CFG changes (LoopInfo goes stale): edges first, as
  // planned on the original CFG, then the edits that split blocks.
  if (Loops) {
    endScopesOnEdges();
    adoptOutParameters();
  }
  endScopesOnUnwind(MayThrow, Resumes);
}

} // namespace

void addAutoScopes(Function &F, bool Loops,
                   const DenseMap<AllocaInst *, unsigned> &Depths,
                   const RoleTable &Roles, RuntimeApi &Api) {
  ScopeBuilder(F, Loops, Depths, Roles, Api).build();
}

} // namespace tscope
