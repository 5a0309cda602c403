//===- InstrumentPass.cpp - the module pass of the IR side -----------------===//
//
// First, for the whole module: calls through described members of API
// tables are tagged with their roles (MemberCalls.h); uses of role functions' addresses are
// pointed at thunks (Thunks.h), which are then instrumented like any other
// function, and the bodies that implement the described API are found
// (ApiBodies.h): they track nothing, and their releases only tell the
// runtime (tscope_release_inner) and always run.
// Then per function, in this order (each step sees what clang emitted plus the
// earlier steps' code):
//   1. read and remove the loop-depth marks of LoopDepthMarker,
//   2. auto-scoped functions: function scope, loop scopes, adoption,
//   3. detach escaping pointers (see Escapes.h for where),
//   4. hooks around role calls (RoleCalls.h): done last so a tracking call
//      lands right after its create, in front of anything steps 2-3 put
//      there (e.g. the adoption of an out-parameter).
// Finally, debug locations forced on only for us are stripped again.
//
//===----------------------------------------------------------------------===//
#include "InstrumentPass.h"
#include "MacroCalls.h"
#include "MemberCalls.h"
#include "ApiBodies.h"
#include "AutoScopes.h"
#include "Escapes.h"
#include "RoleCalls.h"
#include "RuntimeApi.h"
#include "SourceLines.h"
#include "Thunks.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace tscope {

namespace {
struct FunctionPlan {
  bool AutoScope = false;
  bool AutoLoops = false;
  bool CallsRoles = false;
};
} // namespace

/// The annotate("...") strings clang emitted for each function definition
/// (llvm.global.annotations).  They reach template instantiations, which the
/// AST side never sees as top-level declarations.
static DenseMap<const Function *, SmallVector<StringRef, 2>>
functionAnnotations(Module &M) {
  DenseMap<const Function *, SmallVector<StringRef, 2>> Result;
  GlobalVariable *GV = M.getGlobalVariable("llvm.global.annotations");
  if (!GV || !GV->hasInitializer())
    return Result;
  auto *Array = dyn_cast<ConstantArray>(GV->getInitializer());
  if (!Array)
    return Result;
  for (Value *Op : Array->operands()) {
    auto *Entry = dyn_cast<ConstantStruct>(Op);
    if (!Entry || Entry->getNumOperands() < 2)
      continue;
    auto *F = dyn_cast<Function>(Entry->getOperand(0)->stripPointerCasts());
    auto *Str =
        dyn_cast<GlobalVariable>(Entry->getOperand(1)->stripPointerCasts());
    if (!F || !Str || !Str->hasInitializer())
      continue;
    if (auto *Data = dyn_cast<ConstantDataSequential>(Str->getInitializer()))
      if (Data->isString())
        Result[F].push_back(Data->getAsString().rtrim('\0'));
  }
  return Result;
}

static FunctionPlan
planFor(Function &F, const RoleTable &Roles,
        const DenseMap<const Function *, SmallVector<StringRef, 2>> &Notes) {
  FunctionPlan Plan;
  if (const FunctionRoles *Self = Roles.lookup(F.getName())) {
    Plan.AutoLoops = Self->AutoLoops;
    Plan.AutoScope = Self->AutoScope;
  }
  auto It = Notes.find(&F);
  if (It != Notes.end())
    for (StringRef Note : It->second) {
      Plan.AutoLoops |= Note == "tscope_auto_loops";
      Plan.AutoScope |= Note == "tscope_auto";
    }
  Plan.AutoScope |= Plan.AutoLoops; // loop scopes imply a function scope
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (rolesOfCallee(Roles, *CB))
          Plan.CallsRoles = true;
  return Plan;
}

PreservedAnalyses InstrumentPass::run(Module &M, ModuleAnalysisManager &) {
  if (!Opts.Instrument)
    return PreservedAnalyses::all();
  // Calls through described members become tagged calls (MemberCalls.h).
  bool Changed = tagMemberCalls(M);
  Changed |= tagMacroCalls(M, *Roles);
  Changed |= addRoleThunks(M, *Roles);
  SmallPtrSet<const Function *, 16> ApiBodies = apiImplementationBodies(M, *Roles);
  RuntimeApi Api(M);
  RoleCallInstrumenter Calls(Api, *Roles);

  auto Notes = functionAnnotations(M);
  SmallVector<std::pair<Function *, FunctionPlan>, 32> Work;
  bool AnyAutoScope = false;
  for (Function &F : M) {
    // The runtime's own sources may be compiled with the plugin: never
    // instrument the hooks themselves.
    if (F.isDeclaration() || F.getName().starts_with("tscope_"))
      continue;
    FunctionPlan Plan = planFor(F, *Roles, Notes);
    AnyAutoScope |= Plan.AutoScope;
    Work.push_back({&F, Plan});
  }

  for (auto &[F, Plan] : Work) {
    DenseMap<AllocaInst *, unsigned> Depths = takeLoopDepths(*F);
    Changed |= !Depths.empty();
    if (Plan.AutoScope) {
      addAutoScopes(*F, Plan.AutoLoops, Depths, *Roles, Api);
      Changed = true;
    }
    // A tensor created here may belong to a caller's automatic scope, so
    // escapes matter in every function of a unit that auto-scopes, and in
    // every function that creates or hands over tensors.
    if (AnyAutoScope || Plan.CallsRoles)
      Changed |= detachEscapes(*F, Api);
    Changed |= ApiBodies.count(F) ? Calls.runInApiBody(*F) : Calls.run(*F);
  }
  removeRoleTags(M);
  Changed |= stripForcedLocations(M);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace tscope
