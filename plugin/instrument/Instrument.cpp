//===- Instrument.cpp - entry points of the IR side ------------------------===//
//
// registerInstrumentation puts InstrumentPass at the start of every pipeline
// (-O0 included); prepareDeclsForInstrumentation is the AST-side hook that
// runs before codegen sees each declaration.
//
//===----------------------------------------------------------------------===//
#include "Instrument.h"
#include "InstrumentPass.h"

#include "LoopDepthMarker.h"
#include "MemberCalls.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclGroup.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"

using namespace llvm;

namespace tscope {

void registerInstrumentation(PassBuilder &PB,
                             std::shared_ptr<const RoleTable> Roles,
                             const Options &Opts) {
  if (!Opts.Instrument)
    return;
  PB.registerPipelineStartEPCallback(
      [Roles, Opts](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(InstrumentPass(Roles, Opts));
      });
}

/// True when `FD` (or a redeclaration) asks for loop scopes.
static bool wantsLoopScopes(const clang::FunctionDecl &FD,
                            const RoleTable &Roles) {
  if (const FunctionRoles *R = Roles.lookup(&FD))
    if (R->AutoLoops)
      return true;
  for (const clang::FunctionDecl *Redecl : FD.redecls())
    for (const auto *A : Redecl->specific_attrs<clang::AnnotateAttr>())
      if (A->getAnnotation() == "tscope_auto_loops")
        return true;
  return false;
}

/// Marks loop depths in every function defined in `D` that wants loop
/// scopes, looking into namespaces, extern "C" blocks and classes (whose
/// inline member functions are emitted later, so are still unseen).
static void prepareDecl(clang::ASTContext &Ctx, clang::Decl *D,
                        const RoleTable &Roles) {
  if (auto *Template = llvm::dyn_cast<clang::FunctionTemplateDecl>(D))
    D = Template->getTemplatedDecl();
  if (auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D)) {
    if (FD->doesThisDeclarationHaveABody() && wantsLoopScopes(*FD, Roles))
      markLoopDepths(Ctx, *FD);
    return;
  }
  // Before any function that calls through them is emitted.
  if (auto *RD = llvm::dyn_cast<clang::RecordDecl>(D))
    markDescribedMembers(Ctx, *RD, Roles);
  if (auto *DC = llvm::dyn_cast<clang::DeclContext>(D))
    if (llvm::isa<clang::NamespaceDecl>(D) ||
        llvm::isa<clang::LinkageSpecDecl>(D) ||
        llvm::isa<clang::CXXRecordDecl>(D))
      for (clang::Decl *Inner : DC->decls())
        prepareDecl(Ctx, Inner, Roles);
}

void prepareDeclsForInstrumentation(clang::CompilerInstance &CI,
                                    clang::DeclGroupRef DG,
                                    const RoleTable &Roles,
                                    const Options &Opts) {
  if (!Opts.Instrument)
    return;
  for (clang::Decl *D : DG)
    prepareDecl(CI.getASTContext(), D, Roles);
}

} // namespace tscope
