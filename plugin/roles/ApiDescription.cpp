//===- ApiDescription.cpp - load API description files with YAML I/O -----===//
#include "ApiDescription.h"
#include "ApiSchema.h"
#include "MemberRoles.h"
#include "RoleDiagnostics.h"
#include "StatusConditionParse.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

#include <dlfcn.h>

namespace {
/// Handed to the YAML traits so entries can record where they were written.
class LoadContext {
public:
  LoadContext(const char *BufferStart, std::string Path)
      : BufferStart(BufferStart), Path(std::move(Path)), Scanned(BufferStart) {}
  const char *BufferStart;
  std::string Path;

  std::string originOf(const llvm::yaml::Node *N) {
    if (!N)
      return Path;
    const char *At = N->getSourceRange().Start.getPointer();
    // Entries come in file order: go on from the last one (a scan from the
    // start for each made loading quadratic in the number of entries).
    if (At < Scanned) {
      Scanned = BufferStart;
      Line = Col = 1;
    }
    for (; Scanned < At; ++Scanned) {
      if (*Scanned == '\n') {
        ++Line;
        Col = 1;
      } else {
        ++Col;
      }
    }
    return Path + ":" + std::to_string(Line) + ":" + std::to_string(Col);
  }

private:
  const char *Scanned; ///< how far Line and Col have been counted
  unsigned Line = 1, Col = 1;
};
} // namespace

LLVM_YAML_IS_SEQUENCE_VECTOR(tscope::ApiEntry)

namespace llvm {
namespace yaml {

template <> struct ScalarEnumerationTraits<tscope::ApiRole> {
  static void enumeration(IO &io, tscope::ApiRole &R) {
    io.enumCase(R, "creates", tscope::ApiRole::Creates);
    io.enumCase(R, "creates_out", tscope::ApiRole::CreatesOut);
    io.enumCase(R, "releases", tscope::ApiRole::Releases);
    io.enumCase(R, "retains", tscope::ApiRole::Retains);
    io.enumCase(R, "consumes", tscope::ApiRole::Consumes);
    io.enumCase(R, "detaches", tscope::ApiRole::Detaches);
    io.enumCase(R, "borrows", tscope::ApiRole::Borrows);
  }
};

template <> struct ScalarEnumerationTraits<tscope::SuccessCondition> {
  static void enumeration(IO &io, tscope::SuccessCondition &S) {
    io.enumCase(S, "always", tscope::SuccessCondition::Always);
    io.enumCase(S, "returns_zero", tscope::SuccessCondition::ReturnsZero);
    io.enumCase(S, "returns_nonzero", tscope::SuccessCondition::ReturnsNonZero);
    io.enumCase(S, "returns_null", tscope::SuccessCondition::ReturnsNull);
    io.enumCase(S, "returns_nonnull", tscope::SuccessCondition::ReturnsNonNull);
  }
};

/// YAML's spellings of null, which YAML I/O hands to a std::string as is.
inline bool isYamlNull(const std::string &S) {
  return S == "~" || S == "null" || S == "Null" || S == "NULL";
}

/// Parses `signature:` into E.Sig; the error, or "".
inline std::string selectSignature(tscope::ApiEntry &E) {
  if (E.Signature.empty())
    return "";
  auto Sig = std::make_shared<tscope::ApiSignature>();
  std::string Why;
  if (!Sig->parse(E.Signature, Why)) // (checkApiSchema said so at the value already)
    return "bad signature '" + E.Signature + "': " + Why;
  E.Sig = std::move(Sig);
  return "";
}

/// `success:` into E.Success (and E.StatusCheck); the error, or "".
inline std::string readSuccess(tscope::ApiEntry &E) {
  using tscope::SuccessCondition;
  const std::string &T = *E.SuccessText;
  if (tscope::looksLikeStatusCondition(T)) {
    std::string Why;
    if (!tscope::parseStatusCondition(T, E.StatusCheck, Why)) // (schema said so too)
      return "bad success condition '" + T + "': " + Why;
    E.Success = SuccessCondition::Status;
    return "";
  }
  if (SuccessCondition Word; tscope::parseSuccessWord(T, Word)) {
    E.Success = Word;
    return "";
  }
  return "unknown value '" + T + "' for 'success' (expected one of: " + tscope::SuccessWordList +
         ", or 'FUNCTION($N) == VALUE')";
}

template <> struct MappingTraits<tscope::ApiEntry> {
  static void mapping(IO &io, tscope::ApiEntry &E) {
    if (!io.outputting()) {
      auto &In = static_cast<Input &>(io);
      if (auto *Ctx = static_cast<LoadContext *>(io.getContext()))
        E.Origin = Ctx->originOf(In.getCurrentNode());
    }
    io.mapOptional("name", E.Name);
    io.mapOptional("match", E.Match);
    io.mapOptional("macro", E.Macro);
    io.mapOptional("signature", E.Signature);
    io.mapRequired("role", E.Role);
    io.mapOptional("param", E.Param);
    io.mapOptional("release", E.Release);
    io.mapOptional("returns_null", E.ReturnsNull);
    io.mapOptional("shared", E.Shared);
    io.mapOptional("accepts_null", E.AcceptsNull);
    io.mapOptional("success", E.SuccessText);
    io.mapOptional("count", E.Count);
  }

  /// The checks YAML I/O cannot express; the message is reported at the
  /// entry's file:line:col.
  static std::string validate(IO &io, tscope::ApiEntry &E) {
    // After a field failed to parse, the entry is half-read: say nothing more.
    if (!io.outputting() && static_cast<Input &>(io).error())
      return "";
    return tscope::completeApiEntry(E);
  }
};
} // namespace yaml
} // namespace llvm

namespace tscope {
std::string completeApiEntry(ApiEntry &E, bool FromCache) {
  using namespace llvm::yaml;
  std::string Role = tscope::apiRoleName(E.Role);
  for (auto [Key, Value] : {std::pair<const char *, const std::string *>{"name", &E.Name},
                            {"match", &E.Match},
                            {"signature", &E.Signature},
                            {"release", E.Release ? &*E.Release : nullptr}})
    if (Value && isYamlNull(*Value))
      return std::string("'") + Key + "' is null ('" + *Value + "'): it must name a function";
  if (!E.Macro.empty() && isYamlNull(E.Macro))
    return "'macro' is null ('" + E.Macro + "'): it must name a macro";
  if (std::string Why = selectSignature(E); !Why.empty())
    return Why;
  if (!E.Macro.empty() ? !(E.Name.empty() && E.Match.empty() && !E.Sig)
                       : E.Name.empty() == E.Match.empty() && !(E.Sig && E.Match.empty()))
    return "an entry needs exactly one of 'name' (exact), 'match' (regex) or 'macro' (a macro's name), or a 'signature' (alone or with name or match)";
  if (!E.Match.empty()) {
    E.Compiled = tscope::NameRegex::get(E.Match);
    // From the cache: this binary checked the same pattern when it wrote
    // the file, and stored its prefilter; parsing it waits for a name.
    if (!FromCache) {
      if (!E.Compiled->ok()) // (checkApiSchema said so at the value already)
        return "bad regular expression '" + E.Match + "': " + E.Compiled->error();
      E.Filter = tscope::RegexPrefilter::analyze(E.Match);
    }
  }
  bool TakesParam = E.Role != ApiRole::Creates;
  if (TakesParam && !E.Param)
    return "role '" + Role + "' needs 'param' (a 1-based parameter index)";
  if (!TakesParam && E.Param)
    return "role 'creates' takes no 'param' (did you mean creates_out?)";
  if (E.Param && *E.Param == 0)
    return "'param' is 1-based: 0 is not a parameter";
  bool IsCreate = E.Role == ApiRole::Creates || E.Role == ApiRole::CreatesOut;
  if (E.Release && !IsCreate)
    return "'release' belongs to creates/creates_out entries, not '" + Role + "'";
  if (E.Release && E.Release->empty())
    return "'release' must name a function";
  if (E.Release && !tscope::memberReleaseIsWellFormed(*E.Release))
    return "'release: " + *E.Release +
           "' names a member of the created object: '->' must be followed by the "
           "member's name alone, as in '->deleter'";
  if (E.Release && E.Match.empty() && llvm::StringRef(*E.Release).contains('\\'))
    return "'release' may refer to groups (\\1) only in 'match' entries";
  if (E.ReturnsNull && !IsCreate)
    return "'returns_null' belongs to creates/creates_out entries, not '" + Role + "'";
  if (E.Shared && !IsCreate)
    return "'shared' belongs to creates/creates_out entries, not '" + Role + "'";
  if (E.AcceptsNull && E.Role != ApiRole::Releases)
    return "'accepts_null' belongs to releases entries, not '" + Role + "'";
  if (E.SuccessText && E.Role != ApiRole::CreatesOut && E.Role != ApiRole::Releases)
    return "'success' belongs to creates_out and releases entries, not '" + Role + "'";
  if (E.SuccessText) {
    if (std::string Why = readSuccess(E); !Why.empty())
      return Why;
    if (E.Role == ApiRole::Releases && E.Success == tscope::SuccessCondition::Status)
      return "a releases entry's 'success' is one of always, returns_zero, returns_nonzero, "
             "returns_null, returns_nonnull; a status condition ('" + *E.SuccessText +
             "') belongs to creates_out entries";
  }
  if (E.Count && E.Role != ApiRole::CreatesOut)
    return "'count' belongs to creates_out entries, not '" + Role + "'";
  if (E.Count && *E.Count == 0)
    return "'count' is 1-based: 0 is not a parameter";
  if (E.Count && E.Param && *E.Count == *E.Param)
    return "'count' names the parameter that holds the number of elements, not the "
           "array itself ('param')";
  return "";
}
} // namespace tscope

namespace llvm {
namespace yaml {
struct ApiFileMapping {
  std::string Library;
  std::optional<std::vector<tscope::ApiEntry>> Functions;
};

template <> struct MappingTraits<ApiFileMapping> {
  static void mapping(IO &io, ApiFileMapping &F) {
    io.mapOptional("library", F.Library);
    io.mapOptional("functions", F.Functions);
  }
  // No validate(): on an empty document YAML I/O would report its message
  // at a null node.  loadApiFile checks for 'functions:' instead.
};

} // namespace yaml
} // namespace llvm

namespace tscope {

// Here rather than in MemberRoles.cpp: the loader (and its fuzz target)
// needs no Clang AST.
bool memberReleaseIsWellFormed(llvm::StringRef Release) {
  if (!Release.consume_front(ObjectMemberPrefix))
    return true;
  if (Release.empty() || llvm::isDigit(Release[0]))
    return false;
  return llvm::all_of(Release, [](char C) { return llvm::isAlnum(C) || C == '_'; });
}

const char *apiRoleName(ApiRole R) {
  switch (R) {
  case ApiRole::Creates: return "creates";
  case ApiRole::CreatesOut: return "creates_out";
  case ApiRole::Releases: return "releases";
  case ApiRole::Retains: return "retains";
  case ApiRole::Consumes: return "consumes";
  case ApiRole::Detaches: return "detaches";
  case ApiRole::Borrows: return "borrows";
  }
  return "?";
}

namespace {
struct DiagSink {
  RoleDiagnostics *Diags;
  bool Failed = false;
};

/// YAML I/O says only "unknown enumerated scalar": name the value and list
/// the accepted ones.
std::string explain(const llvm::SMDiagnostic &D) {
  std::string Message = D.getMessage().str();
  if (Message == "missing required key 'role'")
    return "this entry has no 'role:' (expected one of: creates, creates_out, releases, "
           "retains, consumes, detaches, borrows)";
  if (Message != "unknown enumerated scalar")
    return Message;
  llvm::StringRef Line = D.getLineContents();
  llvm::StringRef Key = Line.split(':').first.trim().ltrim("- ");
  llvm::StringRef Value;
  if (D.getColumnNo() >= 0 && (size_t)D.getColumnNo() < Line.size())
    Value = Line.drop_front(D.getColumnNo()).split('#').first.trim().trim("'\"");
  std::string Expected;
  if (Key == "role")
    Expected = "creates, creates_out, releases, retains, consumes, detaches, borrows";
  else if (Key == "success")
    Expected = SuccessWordList;
  std::string Out = "unknown value '" + Value.str() + "'";
  if (!Key.empty())
    Out += " for '" + Key.str() + "'";
  if (!Expected.empty())
    Out += " (expected one of: " + Expected + ")";
  return Out;
}

void forwardYamlDiagnostic(const llvm::SMDiagnostic &D, void *Context) {
  auto *Sink = static_cast<DiagSink *>(Context);
  Sink->Failed = true;
  std::string Where = D.getFilename().str();
  if (D.getLineNo() > 0)
    Where += ":" + std::to_string(D.getLineNo()) + ":" +
             std::to_string(D.getColumnNo() + 1);
  Sink->Diags->error(clang::SourceLocation(),
                     "API description " + Where + ": " + explain(D));
}
} // namespace

namespace {
/// API descriptions are small (apis/gsl.yaml is 11 KB); anything larger than
/// this is a mistake (a data file, a device), not a description.
constexpr uint64_t MaxApiFileBytes = 16u << 20;
/// YAML I/O parses nested collections recursively: a file nested tens of
/// thousands deep overflows clang's stack.  A description needs four levels.
constexpr unsigned MaxApiNesting = 64;

/// Why `Path` cannot be an API description before reading it, or "".
std::string unreadableReason(const std::string &Path) {
  llvm::sys::fs::file_status Status;
  if (std::error_code EC = llvm::sys::fs::status(Path, Status))
    return EC.message();
  switch (Status.type()) {
  case llvm::sys::fs::file_type::regular_file:
    break;
  case llvm::sys::fs::file_type::directory_file:
    return "it is a directory, not a file";
  default:
    return "it is not a regular file (a device, a fifo or a socket)";
  }
  if (Status.getSize() > MaxApiFileBytes)
    return "it is " + std::to_string(Status.getSize()) +
           " bytes; API descriptions are limited to " +
           std::to_string(MaxApiFileBytes >> 20) + " MiB";
  return "";
}

/// Whether a quote after `Prev` (the last non-space character before it on
/// its line, 0 for none) opens a quoted scalar: `it's` does not.
bool startsScalar(char Prev) {
  return Prev == 0 || Prev == ':' || Prev == '-' || Prev == '[' || Prev == '{' ||
         Prev == ',' || Prev == '?';
}

/// What the YAML parser would get wrong or could not survive in `Text`, as
/// "LINE:COL: what", or "": nesting deeper than MaxApiNesting (flow
/// collections `[` `{`, block sequences `- - -` and indentation, counted
/// together), or a quoted scalar never closed (LLVM's parser accepts one at
/// the end of a file and drops its last character).
std::string shapeError(llvm::StringRef Text) {
  unsigned Line = 1, Col = 1, Flow = 0;
  bool LineStart = true, InComment = false;
  char Quote = 0;
  unsigned Indent = 0, Dashes = 0, QuoteLine = 0, QuoteCol = 0;
  char Prev = 0; // the last character on this line that is not a space
  for (size_t I = 0; I < Text.size(); ++I, ++Col) {
    char C = Text[I];
    if (I && Text[I - 1] != ' ' && Text[I - 1] != '\n')
      Prev = Text[I - 1];
    if (C == '\n') {
      ++Line;
      Col = 0;
      LineStart = true;
      InComment = false;
      Indent = Dashes = 0;
      Prev = 0;
      continue; // a quoted scalar may go on: Quote stays
    }
    if (InComment)
      continue;
    if (Quote) {
      if (C == '\\' && Quote == '"')
        ++I, ++Col; // an escape: the next character cannot end the scalar
      else if (C == Quote)
        Quote = 0;
      continue;
    }
    if (LineStart) {
      if (C == '\t') {
        size_t End = Text.find('\n', I);
        llvm::StringRef Rest = Text.slice(I, End).ltrim(" \t");
        if (!Rest.empty() && !Rest.starts_with("#"))
          return std::to_string(Line) + ":" + std::to_string(Col) +
                 ": a tab in the indentation: YAML indents with spaces only";
      }
      if (C == ' ')
        ++Indent;
      else if (C == '-' && I + 1 < Text.size() && Text[I + 1] == ' ')
        ++Dashes;
      else
        LineStart = false;
    }
    if (!LineStart) {
      if (C == '#' && (!I || Text[I - 1] == ' ' || Text[I - 1] == '\t' || Text[I - 1] == '\n'))
        InComment = true;
      else if ((C == '\'' || C == '"') && startsScalar(Prev)) {
        Quote = C;
        QuoteLine = Line;
        QuoteCol = Col;
      }
      else if (C == '[' || C == '{')
        ++Flow;
      else if ((C == ']' || C == '}') && Flow)
        --Flow;
    }
    // Two columns of indentation are one level, as in apis/gsl.yaml.
    if (Flow + Dashes + Indent / 2 > MaxApiNesting)
      return std::to_string(Line) + ":" + std::to_string(Col) + ": nested more than " +
             std::to_string(MaxApiNesting) +
             " levels deep (a description needs four: functions, an entry, its keys)";
    if (LineStart && C == '-') { // "- " is one level: its space is no indentation
      ++I;
      ++Col;
    }
  }
  if (Quote)
    return std::to_string(QuoteLine) + ":" + std::to_string(QuoteCol) +
           ": this quoted value has no closing " + (Quote == '"' ? "\"" : "'");
  return "";
}

/// The line of the second document of `Text` (a `---` after content), or 0.
unsigned secondDocumentLine(llvm::StringRef Text) {
  unsigned Line = 0;
  bool Content = false;
  while (!Text.empty()) {
    auto [Row, Rest] = Text.split('\n');
    Text = Rest;
    ++Line;
    llvm::StringRef T = Row.rtrim();
    if (T == "---" || T.starts_with("--- ")) {
      if (Content)
        return Line;
    } else if (!T.ltrim().empty() && !T.ltrim().starts_with("#") &&
               !(!Content && T.starts_with("%"))) { // %YAML before the first ---
      Content = true;
    }
  }
  return 0;
}
} // namespace

std::unique_ptr<llvm::MemoryBuffer> readApiDescription(const std::string &Path,
                                                       RoleDiagnostics &Diags) {
  std::string Reason = unreadableReason(Path);
  if (!Reason.empty()) {
    Diags.error(clang::SourceLocation(), "cannot read API description '" + Path +
                                             "': " + Reason + " (plugin argument 'api')");
    return nullptr;
  }
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer) {
    Diags.error(clang::SourceLocation(),
                "cannot read API description '" + Path +
                    "': " + Buffer.getError().message() +
                    " (plugin argument 'api')");
    return nullptr;
  }
  return std::move(*Buffer);
}

bool loadApiFile(const std::string &Path, ApiFile &Out, RoleDiagnostics &Diags) {
  std::unique_ptr<llvm::MemoryBuffer> Buffer = readApiDescription(Path, Diags);
  return Buffer && loadApiText(Buffer->getBuffer(), Path, Out, Diags);
}

bool loadApiText(llvm::StringRef Text, const std::string &Path, ApiFile &Out,
                 RoleDiagnostics &Diags) {
  std::string Shape = shapeError(Text);
  // The walk recurses as deep as the nesting: only after shapeError.
  if (Shape.empty())
    Shape = checkApiSchema(Text);
  if (!Shape.empty()) {
    Diags.error(clang::SourceLocation(), "API description " + Path + ":" + Shape);
    return false;
  }
  auto Buffer = llvm::MemoryBuffer::getMemBuffer(Text, Path, /*RequiresNullTerminator=*/false);
  DiagSink Sink{&Diags};
  LoadContext Ctx{Buffer->getBufferStart(), Path};
  llvm::yaml::ApiFileMapping Parsed;
  {
    llvm::yaml::Input In(Buffer->getMemBufferRef(), &Ctx, forwardYamlDiagnostic, &Sink);
    In >> Parsed;
    if (In.error() && !Sink.Failed)
      Diags.error(clang::SourceLocation(),
                  "API description " + Path + ": " + In.error().message());
    if (In.error() || Sink.Failed)
      return false;
    // (In.nextDocument() would say so too, but crashes after an empty one.)
    if (unsigned Line = secondDocumentLine(Text)) {
      Diags.error(clang::SourceLocation(),
                  "API description " + Path + ":" + std::to_string(Line) +
                      ":1: a second YAML document; an API description is one document "
                      "(put every entry under the first 'functions:')");
      return false;
    }
  }
  if (!Parsed.Functions) {
    Diags.error(clang::SourceLocation(),
                "API description " + Path +
                    ":1:1: missing 'functions:' (the list of function entries)");
    return false;
  }
  Out.Path = Path;
  Out.Library = Parsed.Library;
  Out.Functions = std::move(*Parsed.Functions);
  return true;
}

std::string resolveApiPath(llvm::StringRef Arg) {
  if (llvm::sys::fs::exists(Arg) || Arg.contains('/'))
    return Arg.str();
  // A shipped NAME: look next to the plugin (build tree: lib/ ->
  // share/tensorscope/apis; installed under lib/ or lib/<multiarch>/).
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&resolveApiPath), &Info) ||
      !Info.dli_fname)
    return Arg.str();
  llvm::SmallString<256> LibDir(Info.dli_fname);
  llvm::sys::path::remove_filename(LibDir);
  std::string File = Arg.ends_with(".yaml") ? Arg.str() : (Arg + ".yaml").str();
  for (const char *Up : {"..", "../.."}) {
    llvm::SmallString<256> Candidate(LibDir);
    llvm::sys::path::append(Candidate, Up, "share", "tensorscope");
    llvm::sys::path::append(Candidate, "apis", File);
    if (llvm::sys::fs::exists(Candidate))
      return std::string(Candidate);
  }
  return Arg.str();
}

FunctionRoles rolesFromEntry(const ApiEntry &E, llvm::StringRef Key,
                             llvm::StringRef Name) {
  FunctionRoles R;
  R.Name = Key.str();
  R.DisplayName = Name.str();
  R.Source = RoleSource::ApiFile;
  R.Origin = E.Origin;
  unsigned Param = E.Param.value_or(0);
  switch (E.Role) {
  case ApiRole::Creates: R.Creates = true; break;
  case ApiRole::CreatesOut:
    R.CreatesOut = Param;
    R.Success = E.Success.value_or(SuccessCondition::Always);
    R.StatusCheck = E.StatusCheck;
    R.CreatesOutCount = E.Count.value_or(0);
    break;
  case ApiRole::Releases:
    R.Releases.push_back(Param);
    R.ReleaseAcceptsNull = E.AcceptsNull.value_or(true);
    R.ReleaseSuccess = E.Success.value_or(SuccessCondition::Always);
    break;
  case ApiRole::Retains: R.Retains.push_back(Param); break;
  case ApiRole::Consumes: R.Consumes.push_back(Param); break;
  case ApiRole::Detaches: R.Detaches.push_back(Param); break;
  case ApiRole::Borrows: R.Borrows = Param; break;
  }
  R.MayReturnNull = E.ReturnsNull.value_or(true);
  R.Shared = E.Shared.value_or(false);
  if (E.Release) {
    if (E.Compiled && !llvm::StringRef(*E.Release).starts_with(ObjectMemberPrefix))
      R.ReleaseFunction = E.Compiled->substitute(*E.Release, Name);
    else
      R.ReleaseFunction = *E.Release;
    if (E.Role == ApiRole::CreatesOut)
      R.OutReleaseFunction = R.ReleaseFunction;
  }
  return R;
}

} // namespace tscope
