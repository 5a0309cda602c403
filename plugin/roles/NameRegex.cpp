//===- NameRegex.cpp ------------------------------------------------------===//
#include "NameRegex.h"
#include "FiniteNames.h"

#include <re2/re2.h>

#include <map>
#include <mutex>
#include <vector>

namespace tscope {

namespace {
re2::RE2::Options nameOptions() {
  re2::RE2::Options O;
  O.set_posix_syntax(true);   // POSIX ERE ...
  O.set_longest_match(true);  // ... with its leftmost-longest matches
  O.set_perl_classes(true);   // \d \w \s
  O.set_word_boundary(true);  // \b \B
  O.set_one_line(true);       // ^ $ at the ends of the name only
  O.set_encoding(re2::RE2::Options::EncodingLatin1); // bytes, never "bad UTF-8"
  O.set_log_errors(false);    // errors are reported by the caller
  O.set_max_mem(1 << 20);     // program and DFA cache of one pattern
  return O;
}

/// RE2's error, said for an API description author.
std::string explainError(const re2::RE2 &R) {
  std::string Arg = R.error_arg();
  switch (R.error_code()) {
  case re2::RE2::ErrorRepeatSize:
    return "the repeat count '" + Arg +
           "' is too large: counts are at most 1000, and counted repeats nested "
           "inside each other may not multiply to more than 1000 (patterns are "
           "matched in linear time, so their size is bounded)";
  case re2::RE2::ErrorPatternTooLarge:
    return "the pattern is too large to compile (it would need more than 1 MB; "
           "split it into several entries)";
  case re2::RE2::ErrorBadEscape:
    if (Arg.size() == 2 && Arg[1] >= '1' && Arg[1] <= '9')
      return "backreferences such as '" + Arg +
             "' are not supported in 'match' (groups may be used in 'release')";
    return "unknown escape '" + Arg + "'";
  case re2::RE2::ErrorMissingParen:
    return "a '(' is not closed";
  case re2::RE2::ErrorUnexpectedParen:
    return "a ')' closes no '('";
  case re2::RE2::ErrorMissingBracket:
    return "a '[' is not closed";
  case re2::RE2::ErrorBadCharRange:
    return "bad character range '" + Arg + "'";
  case re2::RE2::ErrorBadCharClass:
    return "unknown character class '" + Arg + "'";
  case re2::RE2::ErrorRepeatArgument:
    if (Arg == "?" && llvm::StringRef(R.pattern()).contains("(?"))
      return "Perl's (?...) groups are not supported";
    return "'" + Arg + "' repeats nothing";
  case re2::RE2::ErrorRepeatOp:
    return "bad repetition '" + Arg + "'";
  case re2::RE2::ErrorTrailingBackslash:
    return "the pattern ends in a lone '\\'";
  case re2::RE2::ErrorBadPerlOp:
    return "Perl's (?...) groups are not supported: '" + Arg + "'";
  default:
    return R.error();
  }
}
} // namespace

NameRegex::NameRegex(llvm::StringRef Pattern, bool UseRE2Only)
    : Source(Pattern.str()), UseRE2Only(UseRE2Only) {}

void NameRegex::build() const {
  // Not in the constructor: a description read back from the cache of
  // parsed descriptions (ApiCache.h) needs no check of its patterns, and
  // most patterns never meet a name their prefilter lets through.
  std::call_once(BuildOnce, [this] {
    if (!UseRE2Only && (Finite = FiniteNames::parse(Source, MaxFiniteNames)))
      return; // RE2 only should a name be ambiguous (re2())
    Compiled = std::make_unique<re2::RE2>(re2::StringPiece(Source.data(), Source.size()),
                                          nameOptions());
    if (!Compiled->ok())
      Error = explainError(*Compiled);
  });
}

const re2::RE2 &NameRegex::re2() const {
  build();
  // A pattern of the finite subset is valid RE2 syntax: compiled only when
  // a name matches it in two ways (never, for the shipped descriptions).
  std::call_once(CompileOnce, [this] {
    if (!Compiled)
      Compiled = std::make_unique<re2::RE2>(re2::StringPiece(Source.data(), Source.size()),
                                            nameOptions());
  });
  return *Compiled;
}

NameRegex::~NameRegex() = default;

std::shared_ptr<const NameRegex> NameRegex::get(llvm::StringRef Pattern) {
  // Bad patterns are kept too: their error is asked for again at the entry.
  static std::mutex Lock;
  static std::map<std::string, std::shared_ptr<const NameRegex>, std::less<>> Known;
  std::lock_guard<std::mutex> Hold(Lock);
  auto It = Known.find(Pattern);
  if (It == Known.end())
    It = Known.emplace(Pattern.str(), std::make_shared<const NameRegex>(Pattern)).first;
  return It->second;
}

unsigned NameRegex::programSize() const {
  build();
  if (Finite)
    return Finite->size();
  return ok() ? (unsigned)Compiled->ProgramSize() : 0;
}

unsigned NameRegex::groups() const {
  build();
  if (Finite)
    return Finite->groups();
  return ok() ? (unsigned)Compiled->NumberOfCapturingGroups() : 0;
}

bool NameRegex::search(llvm::StringRef Name) const {
  build();
  if (Finite)
    return Finite->matches(Name);
  if (!ok())
    return false;
  return Compiled->Match(re2::StringPiece(Name.data(), Name.size()), 0, Name.size(),
                         re2::RE2::UNANCHORED, nullptr, 0);
}

std::string NameRegex::substitute(llvm::StringRef Repl, llvm::StringRef Name) const {
  build();
  if (!ok())
    return Name.str();
  std::vector<re2::StringPiece> Groups(groups() + 1);
  FiniteNames::Spans Spans;
  FiniteNames::Match M =
      Finite ? Finite->match(Name, Spans) : FiniteNames::Match::Ambiguous;
  if (M == FiniteNames::Match::None)
    return Name.str();
  if (M == FiniteNames::Match::One) {
    Groups[0] = re2::StringPiece(Name.data(), Name.size());
    for (size_t G = 0; G < Spans.size(); ++G)
      if (Spans[G].first >= 0)
        Groups[G + 1] =
            re2::StringPiece(Name.data() + Spans[G].first, Spans[G].second - Spans[G].first);
  } else {
    re2::StringPiece Text(Name.data(), Name.size());
    if (!re2().ok() || !re2().Match(Text, 0, Name.size(), re2::RE2::UNANCHORED, Groups.data(),
                                    (int)Groups.size()))
      return Name.str();
  }
  size_t Begin = Groups[0].data() - Name.data();
  std::string Out = Name.substr(0, Begin).str();
  for (size_t I = 0; I < Repl.size(); ++I) {
    char C = Repl[I];
    if (C != '\\' || I + 1 == Repl.size()) {
      Out += C;
      continue;
    }
    char Next = Repl[++I];
    if (Next >= '0' && Next <= '9') {
      size_t G = Next - '0';
      if (G < Groups.size() && Groups[G].data())
        Out.append(Groups[G].data(), Groups[G].size());
    } else {
      Out += Next; // \\ is a backslash (checkReplacement refuses others)
    }
  }
  Out += Name.substr(Begin + Groups[0].size()).str();
  return Out;
}

std::string NameRegex::checkReplacement(llvm::StringRef Repl) const {
  for (size_t I = 0; I < Repl.size(); ++I) {
    if (Repl[I] != '\\')
      continue;
    if (I + 1 == Repl.size())
      return "'release' ends in a lone '\\'";
    char Next = Repl[++I];
    if (Next == '\\')
      continue;
    if (Next < '0' || Next > '9')
      return std::string("'release' has '\\") + Next +
             "': only \\0..\\9 (the regex groups) and \\\\ are escapes there";
    unsigned G = Next - '0';
    if (G > groups())
      return std::string("'release' refers to group \\") + Next + ", but the 'match' regex has " +
             std::to_string(groups()) + " group" + (groups() == 1 ? "" : "s");
  }
  return "";
}

} // namespace tscope
