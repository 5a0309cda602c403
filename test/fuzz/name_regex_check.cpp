//===- name_regex_check.cpp - expanded `match:` patterns agree with RE2 ---===//
//
// usage: name_regex_check FILE...
// Each FILE is an API description (its `match:` values are read off lines
// of the form `match: '...'`) or a list of patterns, one a line, in a file
// whose name ends in .patterns.  Every pattern is built twice, by
// NameRegex's expansion into names and by RE2 alone, and the two must give
// the same search and substitute answers on: every name the pattern names,
// each with one character dropped, doubled or changed, with text before and
// after, and its prefixes.  Prints one line per pattern with how it was
// built, then `N patterns, N expanded, N mismatches`; exit 1 on a mismatch.
//
//===----------------------------------------------------------------------===//
#include "roles/FiniteNames.h"
#include "roles/NameRegex.h"

#include <cstdio>
#include <fstream>
#include <set>
#include <string>
#include <vector>

using namespace tscope;

static std::vector<std::string> patternsOf(const std::string &Path) {
  std::vector<std::string> Out;
  std::ifstream In(Path);
  if (!In) {
    std::fprintf(stderr, "name_regex_check: cannot read %s\n", Path.c_str());
    std::exit(2);
  }
  bool List = llvm::StringRef(Path).ends_with(".patterns");
  std::string Line;
  while (std::getline(In, Line)) {
    llvm::StringRef L(Line);
    if (List) {
      if (!L.trim().empty() && !L.trim().starts_with("#"))
        Out.push_back(L.str());
      continue;
    }
    size_t At = L.find("match: '");
    if (At == llvm::StringRef::npos || L.ltrim().starts_with("#"))
      continue;
    L = L.drop_front(At + 8);
    size_t End = L.find('\'');
    if (End != llvm::StringRef::npos)
      Out.push_back(L.take_front(End).str());
  }
  return Out;
}

/// Candidate names: the pattern's own names (when expanded) and neighbours.
static std::set<std::string> candidates(llvm::StringRef Pattern) {
  std::set<std::string> Out;
  std::vector<std::string> Names;
  if (std::unique_ptr<FiniteNames> All = FiniteNames::parse(Pattern, 100000))
    Names = All->names();
  Names.push_back(Pattern.str()); // the pattern's text, and bits of it
  std::string Letters;
  for (char C : Pattern)
    if (std::isalnum((unsigned char)C) || C == '_' || C == ':')
      Letters += C;
  Names.push_back(Letters);
  for (const std::string &N : Names) {
    Out.insert(N);
    Out.insert("x" + N);
    Out.insert(N + "x");
    Out.insert(N + "_");
    for (size_t I = 0; I <= N.size(); ++I)
      Out.insert(N.substr(0, I));
    for (size_t I = 0; I < N.size(); ++I) {
      Out.insert(N.substr(0, I) + N.substr(I + 1));
      Out.insert(N.substr(0, I + 1) + N.substr(I));
      std::string C = N;
      C[I] = C[I] == 'a' ? 'b' : 'a';
      Out.insert(C);
    }
  }
  return Out;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: name_regex_check FILE...\n");
    return 2;
  }
  unsigned Patterns = 0, Expanded = 0, Mismatches = 0;
  for (int A = 1; A < argc; ++A)
    for (const std::string &P : patternsOf(argv[A])) {
      ++Patterns;
      NameRegex Fast(P), Slow(P, /*UseRE2Only=*/true);
      if (Fast.isFinite())
        ++Expanded;
      unsigned Bad = 0;
      if (Fast.ok() != Slow.ok() || Fast.groups() != Slow.groups()) {
        std::printf("MISMATCH %s: ok %d/%d groups %u/%u\n", P.c_str(), Fast.ok(), Slow.ok(),
                    Fast.groups(), Slow.groups());
        ++Bad;
      }
      std::string Repl = "<\\0>";
      for (unsigned G = 1; G <= Slow.groups() && G <= 9; ++G)
        Repl += "[\\" + std::to_string(G) + "]";
      unsigned Tried = 0, Matched = 0;
      for (const std::string &N : candidates(P)) {
        ++Tried;
        bool F = Fast.search(N), S = Slow.search(N);
        Matched += S;
        std::string FS = Fast.substitute(Repl, N), SS = Slow.substitute(Repl, N);
        if (F != S || FS != SS) {
          if (Bad++ < 5)
            std::printf("MISMATCH %s on '%s': search %d/%d, substitute '%s'/'%s'\n", P.c_str(),
                        N.c_str(), F, S, FS.c_str(), SS.c_str());
        }
      }
      Mismatches += Bad;
      std::printf("%s %s: %u names tried, %u matched%s\n", Fast.isFinite() ? "finite" : "re2   ",
                  P.c_str(), Tried, Matched, Bad ? ", MISMATCH" : "");
    }
  std::printf("%u patterns, %u finite, %u mismatches\n", Patterns, Expanded, Mismatches);
  return Mismatches ? 1 : 0;
}
