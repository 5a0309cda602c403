//===- ApiCache.cpp - parsed API descriptions kept between compiles -------===//
//
// A cache file, all integers little-endian, every string a u32 length and
// its bytes, every optional a u8 (0 absent, 1 present) and then the value:
//
//   "TSCOPE-API-CACHE" u32 FormatVersion
//   str identity  str path  str text          (must equal the current ones)
//   str library  u32 entries
//   per entry: str name, match, macro, signature; u8 role; opt u32 param;
//              opt str release; opt bool returns_null, shared, accepts_null;
//              opt str success; opt u32 count; str origin;
//              str prefilter prefix; u32 suffixes; str each suffix
//   u64 xxh3 of everything before it
//
// What the description says is stored, and the regex prefilter; the rest
// that the loader derives (patterns, parsed signatures and success
// conditions) is derived again on reading, by the completeApiEntry that the
// YAML path runs.  A pattern is parsed only when a name passes its
// prefilter (NameRegex is lazy): reading GSL's 69 patterns again cost more
// than all the rest of a cache hit.
//
//===----------------------------------------------------------------------===//
#include "ApiCache.h"
#include "RoleDiagnostics.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <dlfcn.h>

namespace tscope {
namespace {

constexpr llvm::StringLiteral Magic = "TSCOPE-API-CACHE";
/// Bump when the layout or the meaning of a field changes.  (The plugin's
/// identity changes with every build anyway; this guards a cache directory
/// shared by builds that happen to have the same path, size and time.)
constexpr uint32_t FormatVersion = 2;
/// Files kept in the directory; past it the oldest go, down to KeepFiles.
constexpr size_t MaxCacheFiles = 64;
constexpr size_t KeepFiles = 48;
constexpr llvm::StringLiteral Suffix = ".tsapi";

class Writer {
public:
  void u8(uint8_t V) { Out.push_back(char(V)); }
  void u32(uint32_t V) {
    char B[4];
    llvm::support::endian::write32le(B, V);
    Out.append(B, 4);
  }
  void u64(uint64_t V) {
    char B[8];
    llvm::support::endian::write64le(B, V);
    Out.append(B, 8);
  }
  void str(llvm::StringRef S) {
    u32(uint32_t(S.size()));
    Out.append(S.data(), S.size());
  }
  void strs(const std::vector<std::string> &V) {
    u32(uint32_t(V.size()));
    for (const std::string &S : V)
      str(S);
  }
  void role(ApiRole R) { u8(uint8_t(R)); }
  void opt(const std::optional<std::string> &S) {
    u8(S.has_value());
    if (S)
      str(*S);
  }
  void opt(const std::optional<unsigned> &V) {
    u8(V.has_value());
    if (V)
      u32(*V);
  }
  void opt(const std::optional<bool> &V) { u8(V ? (*V ? 2 : 1) : 0); }
  std::string Out;
};

/// Reads what Writer wrote; any read past the end, or a value out of its
/// range, makes the whole read fail (ok() false) and every later read a no-op.
class Reader {
public:
  explicit Reader(llvm::StringRef Bytes) : Rest(Bytes) {}
  bool ok() const { return Ok; }
  bool atEnd() const { return Rest.empty(); }

  uint8_t u8(uint8_t Max = 255) {
    if (!need(1))
      return 0;
    uint8_t V = uint8_t(Rest[0]);
    Rest = Rest.drop_front(1);
    if (V > Max)
      Ok = false;
    return V;
  }
  uint32_t u32() {
    if (!need(4))
      return 0;
    uint32_t V = llvm::support::endian::read32le(Rest.data());
    Rest = Rest.drop_front(4);
    return V;
  }
  llvm::StringRef str() {
    uint32_t N = u32();
    if (!need(N))
      return "";
    llvm::StringRef V = Rest.take_front(N);
    Rest = Rest.drop_front(N);
    return V;
  }
  void str(std::string &S) { S = str().str(); }
  void strs(std::vector<std::string> &V) {
    uint32_t N = u32();
    for (uint32_t I = 0; I < N && Ok; ++I) // each costs 4 bytes: bounded
      V.push_back(str().str());
  }
  void role(ApiRole &R) { R = ApiRole(u8(uint8_t(ApiRole::Borrows))); }
  void opt(std::optional<std::string> &S) {
    if (u8(1))
      S = str().str();
  }
  void opt(std::optional<unsigned> &V) {
    if (u8(1))
      V = u32();
  }
  void opt(std::optional<bool> &V) {
    if (uint8_t B = u8(2))
      V = B == 2;
  }

private:
  bool need(size_t N) {
    if (Ok && Rest.size() >= N)
      return true;
    Ok = false;
    return false;
  }
  llvm::StringRef Rest;
  bool Ok = true;
};

/// The fields of an entry in file order, for Writer and Reader alike (Entry
/// is `const ApiEntry` for the one, `ApiEntry` for the other): one list, so
/// the two cannot drift apart.
template <class IO, class Entry> void mapEntry(IO &io, Entry &E) {
  io.str(E.Name);
  io.str(E.Match);
  io.str(E.Macro);
  io.str(E.Signature);
  io.role(E.Role);
  io.opt(E.Param);
  io.opt(E.Release);
  io.opt(E.ReturnsNull);
  io.opt(E.Shared);
  io.opt(E.AcceptsNull);
  io.opt(E.SuccessText);
  io.opt(E.Count);
  io.str(E.Origin);
  io.str(E.Filter.Prefix);
  io.strs(E.Filter.Suffixes);
}

/// The file name's hash.  It only spreads names: a cache file is used after
/// its whole contents were compared, so the parts are hashed where they are
/// (no copy of the text) and mixed.
uint64_t fileKey(llvm::StringRef Identity, llvm::StringRef Path, llvm::StringRef Text) {
  uint64_t H = FormatVersion;
  for (llvm::StringRef Part : {Identity, Path, Text})
    H ^= llvm::xxh3_64bits(Part) + 0x9e3779b97f4a7c15ull + (H << 6) + (H >> 2);
  return H;
}

std::string cacheFileName(llvm::StringRef Dir, uint64_t Key) {
  llvm::SmallString<256> P(Dir);
  char Hex[17];
  snprintf(Hex, sizeof Hex, "%016llx", (unsigned long long)Key);
  llvm::sys::path::append(P, llvm::Twine(Hex) + Suffix);
  return std::string(P);
}

/// Keeps the directory small: past MaxCacheFiles cache files, removes the
/// oldest (by modification time) down to KeepFiles; removes temporary files
/// an interrupted compile left behind more than ten minutes ago.
void prune(llvm::StringRef Dir) {
  std::error_code EC;
  std::vector<std::pair<llvm::sys::TimePoint<>, std::string>> Files;
  auto Now = std::chrono::system_clock::now();
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    bool Cache = Name.ends_with(Suffix), Temp = Name.ends_with(".tmp");
    if (!Cache && !Temp)
      continue;
    llvm::sys::fs::file_status Status;
    if (llvm::sys::fs::status(It->path(), Status))
      continue;
    auto When = Status.getLastModificationTime();
    if (Temp) {
      if (Now - When > std::chrono::minutes(10))
        llvm::sys::fs::remove(It->path());
      continue;
    }
    Files.emplace_back(When, It->path());
  }
  if (Files.size() <= MaxCacheFiles)
    return;
  std::sort(Files.begin(), Files.end());
  for (size_t I = 0; I + KeepFiles < Files.size(); ++I)
    llvm::sys::fs::remove(Files[I].second);
}

/// Writes `Bytes` as `Name` in `Dir` through a temporary file and a rename;
/// false on any failure (which leaves no file behind).
bool writeAtomically(llvm::StringRef Dir, const std::string &Name, llvm::StringRef Bytes) {
  if (llvm::sys::fs::create_directories(Dir))
    return false;
  llvm::SmallString<256> Model(Dir);
  llvm::sys::path::append(Model, "%%%%%%%%%%%%.tmp");
  int FD;
  llvm::SmallString<256> Temp;
  if (llvm::sys::fs::createUniqueFile(Model, FD, Temp))
    return false;
  bool Ok;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Bytes;
    OS.close();
    Ok = !OS.has_error();
    if (!Ok)
      OS.clear_error();
  }
  if (Ok)
    Ok = !llvm::sys::fs::rename(Temp, Name);
  if (!Ok)
    llvm::sys::fs::remove(Temp);
  return Ok;
}

} // namespace

std::string pluginBinaryIdentity() {
  static const std::string Identity = [] {
    Dl_info Info;
    if (!dladdr(reinterpret_cast<void *>(&pluginBinaryIdentity), &Info) || !Info.dli_fname)
      return std::string();
    llvm::sys::fs::file_status Status;
    if (llvm::sys::fs::status(Info.dli_fname, Status))
      return std::string();
    auto Time = Status.getLastModificationTime().time_since_epoch();
    return std::string(Info.dli_fname) + "|" + std::to_string(Status.getSize()) + "|" +
           std::to_string(std::chrono::duration_cast<std::chrono::nanoseconds>(Time).count());
  }();
  return Identity;
}

std::string apiCacheDirectory(const std::optional<std::string> &Arg) {
  auto Named = [](llvm::StringRef V) -> std::string {
    return V == "off" ? std::string() : V.str();
  };
  if (Arg)
    return Named(*Arg);
  if (const char *Env = std::getenv("TSCOPE_API_CACHE"); Env && *Env)
    return Named(Env);
  llvm::SmallString<256> P;
  if (const char *Xdg = std::getenv("XDG_CACHE_HOME"); Xdg && *Xdg == '/')
    llvm::sys::path::append(P, Xdg, "tensorscope", "apis");
  else if (const char *Home = std::getenv("HOME"); Home && *Home == '/')
    llvm::sys::path::append(P, Home, ".cache", "tensorscope", "apis");
  return std::string(P);
}

std::string serializeApiCache(const ApiFile &File, llvm::StringRef Text,
                              llvm::StringRef Identity) {
  Writer W;
  W.Out.append(Magic.data(), Magic.size());
  W.u32(FormatVersion);
  W.str(Identity);
  W.str(File.Path);
  W.str(Text);
  W.str(File.Library);
  W.u32(uint32_t(File.Functions.size()));
  for (const ApiEntry &E : File.Functions)
    mapEntry(W, E);
  W.u64(llvm::xxh3_64bits(llvm::StringRef(W.Out)));
  return std::move(W.Out);
}

bool deserializeApiCache(llvm::StringRef Bytes, llvm::StringRef Text,
                         llvm::StringRef Identity, ApiFile &Out) {
  Out.Functions.clear();
  if (Bytes.size() < Magic.size() + 4 + 8)
    return false;
  llvm::StringRef Body = Bytes.drop_back(8);
  if (llvm::support::endian::read64le(Bytes.end() - 8) != llvm::xxh3_64bits(Body))
    return false;
  if (!Body.consume_front(Magic))
    return false;
  Reader R(Body);
  if (R.u32() != FormatVersion || R.str() != Identity || R.str() != Out.Path ||
      R.str() != Text || !R.ok())
    return false;
  Out.Library = R.str().str();
  uint32_t N = R.u32();
  // Each entry takes at least 35 bytes: a count beyond what the rest could
  // hold is a lie, and reserving it would allocate without bound.
  if (!R.ok() || N > Body.size() / 35)
    return false;
  Out.Functions.reserve(N);
  for (uint32_t I = 0; I < N && R.ok(); ++I) {
    ApiEntry E;
    mapEntry(R, E);
    // A prefilter belongs to a pattern only.
    if (E.Match.empty() && (!E.Filter.Prefix.empty() || !E.Filter.Suffixes.empty()))
      break;
    if (!R.ok() || !completeApiEntry(E, /*FromCache=*/true).empty())
      break;
    Out.Functions.push_back(std::move(E));
  }
  if (!R.ok() || !R.atEnd() || Out.Functions.size() != N) {
    Out.Functions.clear();
    return false;
  }
  return true;
}

bool loadApiFileCached(const std::string &Path, ApiFile &Out, RoleDiagnostics &Diags,
                       const std::string &CacheDir, ApiCacheUse *Use) {
  auto Say = [&](ApiCacheUse U) {
    if (Use)
      *Use = U;
  };
  std::string Identity = CacheDir.empty() ? std::string() : pluginBinaryIdentity();
  if (Identity.empty()) {
    Say(ApiCacheUse::Off);
    return loadApiFile(Path, Out, Diags);
  }
  std::unique_ptr<llvm::MemoryBuffer> Buffer = readApiDescription(Path, Diags);
  if (!Buffer)
    return false;
  llvm::StringRef Text = Buffer->getBuffer();
  std::string Name = cacheFileName(CacheDir, fileKey(Identity, Path, Text));
  // (No status() first: a missing file is the one error open() reports
  // as cheaply.)
  if (auto Cached = llvm::MemoryBuffer::getFile(Name, /*IsText=*/false,
                                                /*RequiresNullTerminator=*/false)) {
    ApiFile FromCache;
    FromCache.Path = Path;
    if (deserializeApiCache((*Cached)->getBuffer(), Text, Identity, FromCache)) {
      Out = std::move(FromCache);
      Say(ApiCacheUse::Hit);
      return true;
    }
  }
  if (!loadApiText(Text, Path, Out, Diags))
    return false;
  bool Written = writeAtomically(CacheDir, Name, serializeApiCache(Out, Text, Identity));
  if (Written)
    prune(CacheDir);
  Say(Written ? ApiCacheUse::MissWritten : ApiCacheUse::MissNotWritten);
  return true;
}

} // namespace tscope
