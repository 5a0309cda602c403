//===- api_loader_fuzz.cpp - libFuzzer target for the API-file loader -----===//
//
// Feeds bytes to loadApiText, the loader the plugin runs on every
// -fplugin-arg-tensorscope-api file after its file checks (size, type), with
// the plugin's own RoleDiagnostics over a real clang DiagnosticsEngine.  A
// file that loads has each entry applied as the plugin applies it
// (rolesFromEntry) to a few names and names made of its own text, and one property is checked: the regex
// prefilter never rejects a name the regex matches.  Any crash, leak,
// timeout (-timeout) or memory blow-up (-rss_limit_mb) is a failure:
// test/fuzz/api-loader-fuzz.test runs it, test/fuzz/regressions/ keeps what
// it ever found.  Built by test/fuzz/CMakeLists.txt with this LLVM's
// clang++ -fsanitize=fuzzer,address.
//
//===----------------------------------------------------------------------===//
#include "roles/ApiCache.h"
#include "TestDiagnostics.h"
#include "roles/ApiDescription.h"


#include <cstdio>
#include <cstdlib>
#include <string>

namespace {
/// The names each loaded entry is tried on: a GSL family, lookalikes, the
/// empty name, and a long one.
const char *const Names[] = {"gsl_vector_alloc", "gsl_vector_float_alloc",
                             "gsl_matrix_free",  "x_clone",
                             "t_new",            "a",
                             "",                 "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab"};

void tryEntry(const tscope::ApiEntry &E, llvm::StringRef Name) {
  bool Matches = E.Compiled ? E.Compiled->search(Name) : E.Name == Name;
  if (E.Compiled && Matches && !E.Filter.mayMatch(Name)) {
    fprintf(stderr, "prefilter rejects '%s', which '%s' matches\n", Name.str().c_str(),
            E.Match.c_str());
    abort();
  }
  if (Matches) {
    tscope::FunctionRoles R = tscope::rolesFromEntry(E, Name, Name);
    (void)R;
  }
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  TestDiagnostics Test;
  tscope::RoleDiagnostics &Diags = Test.Diags;
  // The same bytes as a cache file (plugin/roles/ApiCache.h): refused or
  // read, never a crash.  (Its checksum makes this reach little of the
  // reader; api_cache_check reseals damaged files for that.)
  {
    tscope::ApiFile AsCache;
    AsCache.Path = "fuzz.yaml";
    tscope::deserializeApiCache(Text, "", "", AsCache);
  }
  tscope::ApiFile File;
  bool Loaded = tscope::loadApiText(Text, "fuzz.yaml", File, Diags);
  if (Loaded == Diags.hadError()) {
    fprintf(stderr, "loadApiText returned %d with %s error reported\n", Loaded,
            Diags.hadError() ? "an" : "no");
    abort();
  }
  if (!Loaded)
    return 0;
  // What loaded reads back from its cache file as the same entries.
  {
    std::string Bytes = tscope::serializeApiCache(File, Text, "fuzz");
    tscope::ApiFile Back;
    Back.Path = File.Path;
    if (!tscope::deserializeApiCache(Bytes, Text, "fuzz", Back) ||
        Back.Functions.size() != File.Functions.size() ||
        tscope::serializeApiCache(Back, Text, "fuzz") != Bytes) {
      fprintf(stderr, "a loaded description does not read back from its cache file\n");
      abort();
    }
  }
  for (const tscope::ApiEntry &E : File.Functions) {
    for (const char *N : Names)
      tryEntry(E, N);
    if (!E.Name.empty())
      tryEntry(E, E.Name);
    // Names the regex may well match: its text without the metacharacters,
    // and the release name.
    std::string Literal;
    for (char C : E.Match)
      if (!llvm::StringRef(".[]()*+?{}|^$\\").contains(C))
        Literal += C;
    tryEntry(E, Literal);
    if (E.Release)
      tryEntry(E, *E.Release);
  }
  return 0;
}
