//===- TensorScopePlugin.cpp - the plugin's entry: -fplugin=tensorscope.so -===//
//
// One shared object does both halves (see ARCHITECTURE.md):
//  - AST side: an action added before the main action; its consumer collects
//    the role table from every function declaration (headers included) and,
//    with lint=1, runs the lint at the end of the TU;
//  - IR side: a callback pushed onto CodeGenOptions::PassBuilderCallbacks
//    registers the instrumentation pass (instrument=1).  It reads the same
//    role table, complete by then: clang runs the passes after the whole TU
//    has been seen, and our consumer runs before the code generator's.
//
//===----------------------------------------------------------------------===//
#include "Options.h"
#include "instrument/Instrument.h"
#include "lint/Lint.h"
#include "roles/ApiDescription.h"
#include "roles/RoleCollector.h"
#include "roles/RoleTable.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclGroup.h"
#include "clang/Basic/CodeGenOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

namespace tscope {
namespace {

class TensorScopeConsumer : public clang::ASTConsumer {
public:
  TensorScopeConsumer(clang::CompilerInstance &CI,
                      std::shared_ptr<const Options> Opts,
                      std::shared_ptr<RoleTable> Roles,
                      std::unique_ptr<RoleDiagnostics> Diags,
                      std::unique_ptr<RoleCollector> Collector)
      : CI(CI), Opts(std::move(Opts)), Roles(std::move(Roles)),
        Diags(std::move(Diags)), Collector(std::move(Collector)) {}

  void Initialize(clang::ASTContext &Ctx) override {
    Diags->setSourceManager(&Ctx.getSourceManager());
  }

  bool HandleTopLevelDecl(clang::DeclGroupRef DG) override {
    for (const clang::Decl *D : DG)
      Collector->collect(D);
    if (Opts->Instrument)
      prepareDeclsForInstrumentation(CI, DG, *Roles, *Opts);
    return true;
  }

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    Collector->finish();
    Collector->findMacroCalls(Ctx);
    if (Opts->Lint && !CI.getDiagnostics().hasErrorOccurred())
      Collector->warnMemberCopies(Ctx);
    // A TU with errors has an incomplete AST: linting it only adds noise.
    if (Opts->Lint && !CI.getDiagnostics().hasErrorOccurred())
      runLint(CI, Ctx, *Roles, *Opts);
    if (Opts->DumpRoles)
      dumpRoles(*Roles, llvm::outs());
  }

private:
  clang::CompilerInstance &CI;
  std::shared_ptr<const Options> Opts;
  std::shared_ptr<RoleTable> Roles;
  std::unique_ptr<RoleDiagnostics> Diags;
  std::unique_ptr<RoleCollector> Collector;
};

class TensorScopeAction : public clang::PluginASTAction {
protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef) override {
    auto Opts = std::make_shared<const Options>(Parsed);
    auto Roles = std::make_shared<RoleTable>();
    auto Diags = std::make_unique<RoleDiagnostics>(CI.getDiagnostics(), nullptr);
    auto Collector = std::make_unique<RoleCollector>(*Roles, *Opts, *Diags);
    announceApiFiles(CI);
    if (CI.hasPreprocessor())
      Collector->setPreprocessor(&CI.getPreprocessor());
    // After an error (reported) the compile fails; clang wants a consumer
    // anyway (a null one crashes the multiplexer).
    if (!Collector->loadApiFiles())
      return std::make_unique<clang::ASTConsumer>();
    if (Opts->Instrument) {
      // Before codegen is set up: lets the pass see call lines without -g.
      prepareCodeGenForInstrumentation(CI, *Opts);
      // The callback outlives this action: it owns what it uses.
      CI.getCodeGenOpts().PassBuilderCallbacks.push_back(
          [Roles, Opts](llvm::PassBuilder &PB) {
            registerInstrumentation(PB, Roles, *Opts);
          });
    }
    return std::make_unique<TensorScopeConsumer>(
        CI, Opts, Roles, std::move(Diags), std::move(Collector));
  }

  bool ParseArgs(const clang::CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    return parsePluginArgs(Args, Parsed, CI.getDiagnostics());
  }

  // Before the main action, so the table is complete when codegen's own
  // consumer (and the passes) run, and so -fsyntax-only still runs us.
  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  /// Every API file is an input of the compile: -MD/-MMD must list it, so
  /// make, ninja and ccache's depend mode rebuild when it changes.  The
  /// dependency file generator was made (and read -fdepfile-entry) before any
  /// plugin is asked for its arguments, and LLVM 19 offers no way to reach
  /// it; it listens to the preprocessor, so the file is announced the way the
  /// lexer announces an #include: a FileID and an "entered" event.  This
  /// runs before the main file is entered, and nothing is lexed from it.
  void announceApiFiles(clang::CompilerInstance &CI) {
    if (!CI.hasPreprocessor() || !CI.hasSourceManager())
      return;
    clang::Preprocessor &PP = CI.getPreprocessor();
    clang::PPCallbacks *Callbacks = PP.getPPCallbacks();
    if (!Callbacks)
      return; // no -MD, no -H, nobody listening
    clang::SourceManager &SM = CI.getSourceManager();
    for (const std::string &Arg : Parsed.ApiFiles) {
      auto File = CI.getFileManager().getOptionalFileRef(resolveApiPath(Arg));
      if (!File)
        continue; // loadApiFiles reports it
      clang::FileID FID =
          SM.createFileID(*File, clang::SourceLocation(), clang::SrcMgr::C_User);
      Callbacks->LexedFileChanged(FID,
                                  clang::PPCallbacks::LexedFileChangeReason::EnterFile,
                                  clang::SrcMgr::C_User, clang::FileID(),
                                  clang::SourceLocation());
    }
  }

  Options Parsed;
};

} // namespace
} // namespace tscope

static clang::FrontendPluginRegistry::Add<tscope::TensorScopeAction>
    RegisterTensorScope("tensorscope",
                        "TensorScope: tensor roles, lint and instrumentation");
