//===- RegexPrefilter.cpp -------------------------------------------------===//
#include "RegexPrefilter.h"

#include "llvm/ADT/SmallVector.h"

namespace tscope {

static bool isMeta(char C) {
  return llvm::StringRef(".[]()*+?{}|^$\\").contains(C);
}

static bool isQuantifier(char C) { return C == '*' || C == '+' || C == '?' || C == '{'; }

/// True when `P` has a '|' outside every group (or a bracket expression we
/// cannot see through): then neither end of the pattern is certain.
static bool hasTopLevelAlternation(llvm::StringRef P) {
  int Depth = 0;
  for (size_t I = 0; I < P.size(); ++I) {
    char C = P[I];
    if (C == '\\') {
      ++I;
    } else if (C == '[') {
      return true; // be conservative: brackets may hold ( ) or |
    } else if (C == '(') {
      ++Depth;
    } else if (C == ')') {
      --Depth;
    } else if (C == '|' && Depth == 0) {
      return true;
    }
  }
  return false;
}

/// The literal characters right after a leading '^' that every match starts
/// with.  A literal followed by a quantifier is optional, so it is dropped.
static std::string literalHead(llvm::StringRef P) {
  std::string Head;
  for (size_t I = 1; I < P.size() && !isMeta(P[I]); ++I) {
    if (I + 1 < P.size() && isQuantifier(P[I + 1]))
      break;
    Head += P[I];
  }
  return Head;
}

/// The endings every match has, for a pattern ending in '$': a literal run
/// ("_free$"), or a final group of literal alternatives ("_(alloc|calloc)$").
static std::vector<std::string> literalTails(llvm::StringRef P) {
  llvm::StringRef Body = P.drop_back(); // without the '$'
  if (Body.empty())
    return {};
  if (Body.back() != ')') {
    size_t Start = Body.size();
    while (Start > 0 && !isMeta(Body[Start - 1]))
      --Start;
    // "\dx": the 'd' right after a backslash is an escape, not a literal.
    if (Start > 0 && Body[Start - 1] == '\\')
      ++Start;
    if (Start >= Body.size())
      return {};
    return {Body.substr(Start).str()};
  }
  // Find the '(' that opens the final group.
  int Depth = 0;
  size_t Open = llvm::StringRef::npos;
  for (size_t I = Body.size(); I-- > 0;) {
    if (I > 0 && Body[I - 1] == '\\')
      return {}; // an escaped paren: too clever for us
    if (Body[I] == ')')
      ++Depth;
    else if (Body[I] == '(' && --Depth == 0) {
      Open = I;
      break;
    }
  }
  if (Open == llvm::StringRef::npos)
    return {};
  llvm::StringRef Inside = Body.slice(Open + 1, Body.size() - 1);
  llvm::SmallVector<llvm::StringRef, 16> Alternatives;
  Inside.split(Alternatives, '|');
  std::vector<std::string> Tails;
  for (llvm::StringRef A : Alternatives) {
    for (char C : A)
      if (isMeta(C))
        return {}; // an alternative that is not a plain word: no filter
    Tails.push_back(A.str());
  }
  return Tails;
}

RegexPrefilter RegexPrefilter::analyze(llvm::StringRef Pattern) {
  RegexPrefilter F;
  if (hasTopLevelAlternation(Pattern))
    return F;
  if (Pattern.starts_with("^"))
    F.Prefix = literalHead(Pattern);
  if (Pattern.ends_with("$") && !Pattern.ends_with("\\$"))
    F.Suffixes = literalTails(Pattern);
  return F;
}

bool RegexPrefilter::mayMatch(llvm::StringRef Name) const {
  if (!Name.starts_with(Prefix))
    return false;
  if (Suffixes.empty())
    return true;
  for (const std::string &S : Suffixes)
    if (Name.ends_with(S))
      return true;
  return false;
}

} // namespace tscope
