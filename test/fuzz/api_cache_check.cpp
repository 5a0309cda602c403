//===- api_cache_check.cpp - the cache of parsed API descriptions ---------===//
//
// usage: api_cache_check CACHE-DIR FILE.yaml...
//
// For every description that loads (the others are skipped: errors are
// never cached), checks plugin/roles/ApiCache.h against the plain loader:
//   - the first cached load parses and writes the cache, the second reads it,
//     and both give exactly the entries of loadApiFile (every written field,
//     and the derived ones: compiled pattern, prefilter, signature, success);
//   - a cache file with any byte flipped or cut short is refused (checksum);
//   - one with a byte changed and its checksum made right again (what a bug
//     of ours, not a bad disk, would write) never crashes the reader, and
//     whatever it accepts passed completeApiEntry;
//   - a description changed by one byte, at another path, or read by another
//     plugin binary, is a miss, never the old entries.
// Prints a line per file and "N files, M checks, K mismatches".  Built with
// ASan (test/fuzz/CMakeLists.txt), run by api-cache.test.
//
//===----------------------------------------------------------------------===//
#include "roles/ApiCache.h"
#include "TestDiagnostics.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"

#include <cstdio>
#include <memory>
#include <string>

namespace {
unsigned Checks = 0, Mismatches = 0;

void fail(const std::string &File, const std::string &What) {
  ++Mismatches;
  fprintf(stderr, "MISMATCH %s: %s\n", File.c_str(), What.c_str());
}

void check(bool Ok, const std::string &File, const std::string &What) {
  ++Checks;
  if (!Ok)
    fail(File, What);
}

/// Everything an entry holds that the plugin reads, as text.
std::string describe(const tscope::ApiFile &F) {
  std::string S = F.Path + "|" + F.Library + "\n";
  auto Opt = [](const auto &V) { return V ? std::to_string(*V) : std::string("-"); };
  auto OptS = [](const std::optional<std::string> &V) { return V ? "'" + *V + "'" : "-"; };
  for (const tscope::ApiEntry &E : F.Functions) {
    S += E.Name + "|" + E.Match + "|" + E.Macro + "|" + E.Signature + "|" +
         tscope::apiRoleName(E.Role) + "|" + Opt(E.Param) + "|" + OptS(E.Release) + "|" +
         Opt(E.ReturnsNull) + Opt(E.Shared) + Opt(E.AcceptsNull) + "|" + OptS(E.SuccessText) +
         "|" + Opt(E.Count) + "|" + E.Origin;
    // Derived on loading.
    S += "|re:" + (E.Compiled ? std::to_string(E.Compiled->ok()) + "," +
                                    std::to_string(E.Compiled->programSize()) + "," +
                                    std::to_string(E.Compiled->groups())
                              : std::string("-"));
    S += "|pre:" + E.Filter.Prefix;
    for (const std::string &Suffix : E.Filter.Suffixes)
      S += "," + Suffix;
    S += "|sig:" + std::to_string(bool(E.Sig));
    S += "|ok:" + (E.Success ? std::to_string(int(*E.Success)) : std::string("-"));
    S += "|st:" + E.StatusCheck.Function + "," + std::to_string(E.StatusCheck.Param) + "," +
         E.StatusCheck.ValueName + "," + std::to_string(E.StatusCheck.Equals) + "," +
         std::to_string(E.StatusCheck.DerefBits) + "\n";
  }
  return S;
}

/// Recomputes the trailing checksum, as a writer with a bug would.
void reseal(std::string &Bytes) {
  if (Bytes.size() < 8)
    return;
  uint64_t Sum = llvm::xxh3_64bits(llvm::StringRef(Bytes).drop_back(8));
  llvm::support::endian::write64le(&Bytes[Bytes.size() - 8], Sum);
}

void checkFile(const std::string &Dir, const std::string &Path,
               tscope::RoleDiagnostics &Diags) {
  tscope::ApiFile Ref;
  if (!tscope::loadApiFile(Path, Ref, Diags)) {
    printf("%s: skipped (does not load)\n", Path.c_str());
    return;
  }
  std::string Want = describe(Ref);
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  std::string Text = (*Buffer)->getBuffer().str();
  std::string Identity = tscope::pluginBinaryIdentity();
  check(!Identity.empty(), Path, "no identity for this binary");

  // Through the directory: a miss that writes, then a hit.
  tscope::ApiCacheUse Use;
  tscope::ApiFile First, Second;
  bool Loaded = tscope::loadApiFileCached(Path, First, Diags, Dir, &Use);
  check(Loaded && Use == tscope::ApiCacheUse::MissWritten, Path, "first load not a written miss");
  check(describe(First) == Want, Path, "entries after the miss differ");
  Loaded = tscope::loadApiFileCached(Path, Second, Diags, Dir, &Use);
  check(Loaded && Use == tscope::ApiCacheUse::Hit, Path, "second load not a hit");
  check(describe(Second) == Want, Path, "entries read from the cache differ");
  tscope::ApiFile Off;
  Loaded = tscope::loadApiFileCached(Path, Off, Diags, "", &Use);
  check(Loaded && Use == tscope::ApiCacheUse::Off && describe(Off) == Want, Path,
        "no directory: not the plain loader");

  // Damage of every kind, in memory.
  std::string Good = tscope::serializeApiCache(Ref, Text, Identity);
  auto Read = [&](const std::string &Bytes, llvm::StringRef T, llvm::StringRef Id,
                  llvm::StringRef AtPath, tscope::ApiFile &Out) {
    Out = tscope::ApiFile();
    Out.Path = AtPath.str();
    return tscope::deserializeApiCache(Bytes, T, Id, Out);
  };
  tscope::ApiFile Got;
  check(Read(Good, Text, Identity, Path, Got) && describe(Got) == Want, Path,
        "serialized entries read back differ");
  unsigned Refused = 0, Resealed = 0, Accepted = 0;
  size_t Stride = Good.size() / 3000 + 1;
  for (size_t I = 0; I < Good.size(); I += Stride) {
    for (uint8_t Mask : {uint8_t(0x01), uint8_t(0x80), uint8_t(0xff)}) {
      std::string Bad = Good;
      Bad[I] = char(uint8_t(Bad[I]) ^ Mask);
      ++Checks;
      if (Read(Bad, Text, Identity, Path, Got)) {
        fail(Path, "a flipped byte at " + std::to_string(I) + " was accepted");
        continue;
      }
      ++Refused;
      if (!Got.Functions.empty())
        fail(Path, "a refused file left entries behind");
      // The checksum made right: the reader's own checks must hold.
      if (I + 8 >= Good.size())
        continue;
      reseal(Bad);
      ++Resealed;
      if (Read(Bad, Text, Identity, Path, Got))
        ++Accepted; // a changed string (a name, an origin): still a valid entry
    }
    std::string Cut = Good.substr(0, I);
    check(!Read(Cut, Text, Identity, Path, Got), Path,
          "a file cut at " + std::to_string(I) + " was accepted");
    reseal(Cut);
    Read(Cut, Text, Identity, Path, Got); // must not crash
  }
  std::string Changed = Text + " ";
  check(!Read(Good, Changed, Identity, Path, Got), Path, "another text was accepted");
  check(!Read(Good, Text, Identity + "x", Path, Got), Path,
        "another plugin binary was accepted");
  check(!Read(Good, Text, Identity, Path + "x", Got), Path, "another path was accepted");

  printf("%s: %zu entries; miss, then hit; %u damaged copies refused, %u resealed "
         "(%u read as valid entries)\n",
         Path.c_str(), Ref.Functions.size(), Refused, Resealed, Accepted);
}
} // namespace

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s CACHE-DIR FILE.yaml...\n", argv[0]);
    return 2;
  }
  TestDiagnostics Test;
  tscope::RoleDiagnostics &Diags = Test.Diags;
  unsigned Files = 0;
  for (int I = 2; I < argc; ++I, ++Files)
    checkFile(argv[1], argv[I], Diags);
  printf("%u files, %u checks, %u mismatches\n", Files, Checks, Mismatches);
  return Mismatches ? 1 : 0;
}
