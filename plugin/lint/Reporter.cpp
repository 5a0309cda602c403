//===- Reporter.cpp - controls, suppression comments, JSON findings -------===//
#include "Reporter.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace tscope {

const char *lintCategoryFlag(LintCategory C) {
  switch (C) {
  case LintCategory::Leak: return "tscope-leak";
  case LintCategory::DoubleRelease: return "tscope-double-release";
  case LintCategory::UseAfterRelease: return "tscope-use-after-release";
  case LintCategory::BorrowedRelease: return "tscope-borrowed-release";
  case LintCategory::ScopeEscape: return "tscope-scope-escape";
  }
  return "tscope";
}

Reporter::Reporter(clang::CompilerInstance &CI, clang::ASTContext &Ctx,
                   const Options &Opts)
    : Diags(CI.getDiagnostics()), SM(Ctx.getSourceManager()),
      Opts(Opts) {}

Reporter::~Reporter() { writeFindingsFile(); }

namespace {

/// The text of the line holding `Loc` (expansion location), or "".
llvm::StringRef lineText(const clang::SourceManager &SM,
                         clang::SourceLocation Loc, int LineDelta) {
  if (Loc.isInvalid())
    return "";
  Loc = SM.getExpansionLoc(Loc);
  clang::FileID FID = SM.getFileID(Loc);
  bool Invalid = false;
  llvm::StringRef Buf = SM.getBufferData(FID, &Invalid);
  if (Invalid)
    return "";
  unsigned Line = SM.getLineNumber(FID, SM.getFileOffset(Loc));
  if ((int)Line + LineDelta < 1)
    return "";
  Line += LineDelta;
  // Find the start of line `Line` by counting newlines from the start of
  // the buffer's line table (SourceManager caches it).
  clang::SourceLocation Start = SM.translateLineCol(FID, Line, 1);
  if (Start.isInvalid())
    return "";
  unsigned Off = SM.getFileOffset(Start);
  if (Off >= Buf.size())
    return "";
  llvm::StringRef Rest = Buf.substr(Off);
  return Rest.take_until([](char C) { return C == '\n'; });
}

/// Does a "tscope-ignore" (or "tscope-ignore-next-line") marker in `Text`
/// cover category `C`?  Forms: `tscope-ignore` (every category) and
/// `tscope-ignore(leak, double-release)` (the listed ones).
bool markerCovers(llvm::StringRef Text, llvm::StringRef Marker, LintCategory C) {
  size_t Pos = Text.find(Marker);
  while (Pos != llvm::StringRef::npos) {
    llvm::StringRef After = Text.substr(Pos + Marker.size());
    // "tscope-ignore" must not match the prefix of "tscope-ignore-next-line".
    if (!After.starts_with("-")) {
      if (!After.starts_with("("))
        return true;
      llvm::StringRef List = After.drop_front().take_until([](char Ch) { return Ch == ')'; });
      llvm::SmallVector<llvm::StringRef, 4> Items;
      List.split(Items, ',');
      std::string Want = lintCategoryFlag(C) + strlen("tscope-");
      for (llvm::StringRef Item : Items) {
        Item = Item.trim();
        if (Item.consume_front("tscope-")) {}
        if (Item == Want || Item == "all")
          return true;
      }
    }
    Pos = Text.find(Marker, Pos + 1);
  }
  return false;
}

} // namespace

bool Reporter::lineSuppresses(clang::SourceLocation Loc, LintCategory C,
                              bool PreviousLine) const {
  if (PreviousLine)
    return markerCovers(lineText(SM, Loc, -1), "tscope-ignore-next-line", C);
  return markerCovers(lineText(SM, Loc, 0), "tscope-ignore", C);
}

bool Reporter::suppressedByComment(const Finding &F) const {
  // The marker may sit on the line of the finding or on the line of the
  // creation site (the first note), on that line or the line before.
  llvm::SmallVector<clang::SourceLocation, 2> Lines{F.Loc};
  if (!F.Notes.empty())
    Lines.push_back(F.Notes.front().Loc);
  for (clang::SourceLocation L : Lines)
    if (lineSuppresses(L, F.Category, false) ||
        lineSuppresses(L, F.Category, true))
      return true;
  return false;
}

void Reporter::report(const Finding &F) {
  if (Opts.LintDisabled.count(F.Category))
    return;
  if (F.Loc.isValid() && SM.isInSystemHeader(SM.getExpansionLoc(F.Loc)))
    return;
  bool AsError = Opts.LintErrors.count(F.Category) != 0;
  if (!AsError) {
    if (Diags.getIgnoreAllWarnings())
      return;
    AsError = Diags.getWarningsAsErrors();
  }
  if (suppressedByComment(F))
    return;
  auto Key = std::make_tuple(F.Tensor, F.TensorPart, (int)F.Category,
                             SM.getExpansionLoc(F.Loc).getRawEncoding());
  if (!Seen.insert(Key).second)
    return;
  ++Shown;

  std::string Text = F.Message + " [-W" + lintCategoryFlag(F.Category) + "]";
  unsigned ID = Diags.getCustomDiagID(AsError ? clang::DiagnosticsEngine::Error
                                              : clang::DiagnosticsEngine::Warning,
                                      "%0");
  {
    clang::DiagnosticBuilder DB = Diags.Report(F.Loc, ID);
    DB << Text;
    if (F.Fix)
      DB << *F.Fix;
    for (const clang::FixItHint &H : F.Fixes)
      DB << H;
  }
  unsigned NoteID = Diags.getCustomDiagID(clang::DiagnosticsEngine::Note, "%0");
  for (const FindingNote &N : F.Notes)
    Diags.Report(N.Loc, NoteID) << N.Message;
  appendJson(F, AsError);
}

namespace {
llvm::json::Object locationJson(const clang::SourceManager &SM,
                                clang::SourceLocation Loc) {
  llvm::json::Object O;
  clang::PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isValid()) {
    O["file"] = P.getFilename();
    O["line"] = (int64_t)P.getLine();
    O["column"] = (int64_t)P.getColumn();
  } else {
    O["file"] = "";
    O["line"] = 0;
    O["column"] = 0;
  }
  return O;
}
} // namespace

void Reporter::appendJson(const Finding &F, bool AsError) {
  if (Opts.FindingsPath.empty())
    return;
  llvm::json::Object O = locationJson(SM, F.Loc);
  O["rule"] = lintCategoryFlag(F.Category);
  O["level"] = AsError ? "error" : "warning";
  O["function"] = F.Function;
  O["message"] = F.Message;
  llvm::json::Array Notes;
  for (const FindingNote &N : F.Notes) {
    llvm::json::Object NO = locationJson(SM, N.Loc);
    NO["message"] = N.Message;
    Notes.push_back(std::move(NO));
  }
  O["notes"] = std::move(Notes);
  O["fixes"] = (int64_t)((F.Fix ? 1 : 0) + F.Fixes.size()); // fix-it hints given
  std::string Line;
  llvm::raw_string_ostream OS(Line);
  if (Opts.FindingsPath == "-")
    OS << kStderrFindingPrefix;
  OS << llvm::json::Value(std::move(O)) << "\n";
  OS.flush();
  JsonLines += Line;
}

namespace {
/// Writes all of [P, P+Left) to FD; 0, or the errno of the write that failed.
int writeAll(int FD, const char *P, size_t Left) {
  while (Left > 0) {
    ssize_t N = ::write(FD, P, Left);
    if (N < 0) {
      if (errno == EINTR)
        continue;
      return errno;
    }
    P += N;
    Left -= (size_t)N;
  }
  return 0;
}
} // namespace

void Reporter::writeFindingsFile() {
  if (Opts.FindingsPath.empty())
    return;
  // findings=-: the lines go to stderr, each behind kStderrFindingPrefix, in
  // one write (a distcc server sends the compile's stderr back to the
  // client, where tscope-lint --distribute reads them).
  if (Opts.FindingsPath == "-") {
    if (int Err = writeAll(STDERR_FILENO, JsonLines.data(), JsonLines.size())) {
      unsigned ID = Diags.getCustomDiagID(
          clang::DiagnosticsEngine::Error,
          "tensorscope: cannot write findings to stderr (findings=-): %0");
      Diags.Report(ID) << strerror(Err);
    }
    return;
  }
  // Several compiles (tscope-lint -j N) may append to one file: one
  // O_APPEND write per translation unit keeps their lines whole.
  int FD = ::open(Opts.FindingsPath.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (FD < 0) {
    unsigned ID = Diags.getCustomDiagID(
        clang::DiagnosticsEngine::Error,
        "tensorscope: cannot open findings file '%0' (findings=%0): %1");
    Diags.Report(ID) << Opts.FindingsPath << strerror(errno);
    return;
  }
  if (int Err = writeAll(FD, JsonLines.data(), JsonLines.size())) {
    unsigned ID = Diags.getCustomDiagID(
        clang::DiagnosticsEngine::Error,
        "tensorscope: cannot write findings file '%0': %1");
    Diags.Report(ID) << Opts.FindingsPath << strerror(Err);
  }
  ::close(FD);
}

} // namespace tscope
