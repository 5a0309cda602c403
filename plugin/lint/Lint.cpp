//===- Lint.cpp - runLint: lint every function of the translation unit ----===//
#include "Lint.h"
#include "FunctionAnalysis.h"
#include "Inference.h"
#include "Reporter.h"

#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/Support/raw_ostream.h"

namespace tscope {

void runLint(clang::CompilerInstance &CI, clang::ASTContext &Ctx,
             RoleTable &Roles, const Options &Opts) {
  Reporter Rep(CI, Ctx, Opts);
  // Callees first: each function's inferred roles are known before any of
  // its callers is analysed, so one analysis per function does both jobs.
  for (const clang::FunctionDecl *FD : functionsBottomUp(Ctx)) {
    const FunctionRoles *R = Roles.lookup(FD);
    bool NoLint = R && R->NoLint;
    bool AutoScoped = R && (R->AutoScope || R->AutoLoops);
    bool Declared = R && R->hasTensorRole();
    FunctionAnalysis A(FD, Ctx, Roles, Opts, NoLint ? nullptr : &Rep, AutoScoped);
    if (!A.run())
      continue;
    if (Opts.LintStats)
      llvm::errs() << "tensorscope: lint-stats: '" << FD->getNameAsString()
                   << "': " << A.blockCount() << " blocks, " << A.visitCount()
                   << " visits, work " << A.work() << "\n";
    if (!Declared)
      inferRoles(FD, A.summary(), Roles);
  }
}

} // namespace tscope
