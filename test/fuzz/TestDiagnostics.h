//===- TestDiagnostics.h - a clang DiagnosticsEngine for the loader checks ===//
//
// The loader reports through RoleDiagnostics, which needs a real
// DiagnosticsEngine; the programs of test/fuzz (api_loader_fuzz,
// api_cache_check) build one that drops every message.  Its constructor
// changed in LLVM 21.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_TEST_FUZZ_TESTDIAGNOSTICS_H
#define TENSORSCOPE_TEST_FUZZ_TESTDIAGNOSTICS_H

#include "roles/RoleDiagnostics.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "llvm/Config/llvm-config.h"

/// A DiagnosticsEngine that ignores everything, and the RoleDiagnostics over it.
struct TestDiagnostics {
  clang::IgnoringDiagConsumer Consumer;
#if LLVM_VERSION_MAJOR >= 21
  clang::DiagnosticOptions Options;
  clang::DiagnosticsEngine Engine{clang::DiagnosticIDs::create(), Options, &Consumer,
                                  /*ShouldOwnClient=*/false};
#else
  clang::DiagnosticsEngine Engine{
      llvm::IntrusiveRefCntPtr<clang::DiagnosticIDs>(new clang::DiagnosticIDs()),
      new clang::DiagnosticOptions(), &Consumer, /*ShouldOwnClient=*/false};
#endif
  tscope::RoleDiagnostics Diags{Engine, nullptr};
};

#endif
