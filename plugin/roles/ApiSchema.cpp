//===- ApiSchema.cpp - check an API description's shape before YAML I/O ---===//
#include "ApiSchema.h"
#include "ApiSignature.h"
#include "NameRegex.h"
#include "StatusConditionParse.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

#include <memory>
#include <optional>

using namespace llvm;

namespace tscope {

std::string explainYamlSyntax(StringRef M) {
  static const std::pair<const char *, const char *> Known[] = {
      {"Could not find closing ]!", "a '[' list is not closed with ']'"},
      {"Could not find closing }!", "a '{' mapping is not closed with '}'"},
      {"Expected , between entries!", "expected ',' between the items of this '[...]' list"},
      {"Unexpected token. Expected Key or Block End",
       "expected 'key: value' here (the keys of one entry line up in one column, "
       "indented with spaces)"},
      {"Unexpected token. Expected Block Entry or Block End.",
       "expected '- ' (the next entry) here, at the column of the entries above"},
      {"Unexpected token. Expected Key, Flow Entry, or Flow Mapping End.",
       "expected 'key: value', ',' or '}' in this '{...}' mapping"},
      {"Could not find expected : for simple key", "expected ':' after this key"},
      {"Expected quote at end of scalar", "this quoted value has no closing quote"},
      {"Found invalid tab character in indentation",
       "a tab in the indentation: YAML indents with spaces only"},
      {"Got empty plain scalar", "a value is missing here"},
      {"Got empty alias or anchor",
       "aliases and anchors (*x, &x) are not supported in API descriptions"},
      {"Unrecognized escape code",
       "unknown escape in a double-quoted value (in single quotes '\\1' needs no "
       "escaping)"},
      {"Unrecognized character while tokenizing.",
       "a character that cannot start a value ('@', '`', '%'): quote the value"},
      {"Cannot consume non-ascii characters", "a character that is not valid UTF-8 here"},
  };
  for (auto [From, To] : Known)
    if (M == From)
      return To;
  return "YAML syntax error: " + M.str();
}

namespace {
using yaml::Node;

const char *const EntryKeys[] = {"name",    "match",  "macro", "signature", "role",   "param",
                                 "release", "returns_null", "shared", "accepts_null", "success",
                                 "count"};
const char *const TopKeys[] = {"library", "functions"};
const char *const RoleValues =
    "creates, creates_out, releases, retains, consumes, detaches, borrows";

struct FirstDiag {
  std::string Where; // "LINE:COL: message"
};

void keepFirst(const SMDiagnostic &D, void *Context) {
  auto *F = static_cast<FirstDiag *>(Context);
  if (!F->Where.empty())
    return;
  F->Where = std::to_string(D.getLineNo()) + ":" + std::to_string(D.getColumnNo() + 1) +
             ": " + explainYamlSyntax(D.getMessage());
}

std::string quoted(StringRef S) {
  if (S.size() > 40)
    return "'" + S.take_front(37).str() + "...'";
  return "'" + S.str() + "'";
}

class Walker {
public:
  explicit Walker(SourceMgr &SM) : SM(SM) {}
  std::string Error;

  void document(Node *Root);

private:
  SourceMgr &SM;
  unsigned RegexProgram = 0; ///< compiled instructions of the patterns so far

  bool fail(SMLoc Loc, const Twine &Message) {
    if (Error.empty()) {
      auto [Line, Col] = SM.getLineAndColumn(Loc);
      Error = std::to_string(Line) + ":" + std::to_string(Col) + ": " + Message.str();
    }
    return false;
  }
  bool fail(const Node *N, const Twine &Message) {
    return fail(N->getSourceRange().Start, Message);
  }

  /// Aliases and anchors: YAML I/O says "unknown node kind" for an alias
  /// and would read a value twice under an anchor's name.
  bool plain(Node *N) {
    // Where the '*' or '&' is: an alias node's own range starts after it.
    if (auto *A = dyn_cast<yaml::AliasNode>(N))
      return fail(SMLoc::getFromPointer(A->getName().data() - 1), "'*" + A->getName() +
                         "': aliases and anchors (*x, &x) are not supported in API "
                         "descriptions (write the value out)");
    if (!N->getAnchor().empty())
      return fail(SMLoc::getFromPointer(N->getAnchor().data() - 1), "'&" + N->getAnchor() +
                         "': aliases and anchors (*x, &x) are not supported in API "
                         "descriptions (write the value out)");
    return true;
  }

  std::string describe(Node *N) {
    SmallString<64> Storage;
    if (auto *S = dyn_cast<yaml::ScalarNode>(N))
      return "a scalar " + quoted(S->getValue(Storage));
    if (isa<yaml::BlockScalarNode>(N))
      return "a block scalar";
    if (isa<yaml::MappingNode>(N))
      return "a mapping";
    if (isa<yaml::SequenceNode>(N))
      return "a list";
    return "nothing";
  }

  /// The text of a scalar node (plain, quoted or block), or nullopt.
  std::optional<std::string> text(Node *N) {
    SmallString<64> Storage;
    if (auto *S = dyn_cast<yaml::ScalarNode>(N))
      return S->getValue(Storage).str();
    if (auto *B = dyn_cast<yaml::BlockScalarNode>(N))
      return B->getValue().str();
    return std::nullopt;
  }

  static std::string suggest(StringRef Key, llvm::ArrayRef<const char *> Keys) {
    StringRef Best;
    unsigned BestDistance = 3; // at most two edits
    for (StringRef K : Keys) {
      unsigned D = Key.edit_distance(K, true, BestDistance);
      if (D < BestDistance) {
        BestDistance = D;
        Best = K;
      }
    }
    if (!Best.empty())
      return " (did you mean '" + Best.str() + "'?)";
    std::string All;
    for (StringRef K : Keys)
      All += (All.empty() ? "" : ", ") + K.str();
    return " (expected one of: " + All + ")";
  }

  /// A mapping's key: a scalar, not given twice.  Returns the key or "".
  std::string key(yaml::KeyValueNode &KV, StringMap<unsigned> &Seen, const char *Where) {
    Node *K = KV.getKey();
    if (!K || isa<yaml::NullNode>(K)) {
      fail(KV.getSourceRange().Start, Twine("a value without a key ") + Where);
      return "";
    }
    if (!plain(K))
      return "";
    std::optional<std::string> Name = text(K);
    if (!Name) {
      fail(K, Twine("a key must be a word such as 'name', found ") + describe(K));
      return "";
    }
    unsigned Line = SM.getLineAndColumn(K->getSourceRange().Start).first;
    auto [It, New] = Seen.try_emplace(*Name, Line);
    if (!New) {
      fail(K, "'" + *Name + "' is given twice " + Where + " (first at line " +
                  Twine(It->second) + ")");
      return "";
    }
    return *Name;
  }

  void functions(yaml::KeyValueNode &KV);
  void entry(Node *N);
  bool value(StringRef Key, yaml::KeyValueNode &KV, std::optional<std::string> &Out,
             SMLoc &At);
};

void Walker::document(Node *Root) {
  if (!Root || isa<yaml::NullNode>(Root) || !plain(Root))
    return; // empty: "missing 'functions:'" is said later
  auto *Top = dyn_cast<yaml::MappingNode>(Root);
  if (!Top) {
    fail(Root, "an API description is a mapping with 'functions:' (a list of entries) "
               "and optionally 'library:', found " + describe(Root));
    return;
  }
  StringMap<unsigned> Seen;
  for (yaml::KeyValueNode &KV : *Top) {
    std::string K = key(KV, Seen, "in this file");
    if (K.empty())
      return;
    if (K == "functions") {
      functions(KV);
    } else if (K == "library") {
      Node *V = KV.getValue();
      if (!V || !plain(V))
        return;
      if (!isa<yaml::NullNode>(V) && !text(V))
        fail(V, "'library' takes a name (any text), found " + describe(V));
    } else {
      fail(KV.getKey(), "unknown key '" + K + "'" + suggest(K, TopKeys));
    }
    if (!Error.empty())
      return;
  }
}

void Walker::functions(yaml::KeyValueNode &KV) {
  Node *V = KV.getValue();
  if (!V || !plain(V) || isa<yaml::NullNode>(V))
    return; // 'functions:' with nothing (or ~, below) is an empty list
  if (auto *S = dyn_cast<yaml::ScalarNode>(V)) {
    StringRef Raw = S->getRawValue();
    if (Raw == "~" || Raw == "null" || Raw == "Null" || Raw == "NULL")
      return;
  }
  auto *List = dyn_cast<yaml::SequenceNode>(V);
  if (!List) {
    fail(V, "expected a list of entries after 'functions:' (each starting with '- '), "
            "found " + describe(V));
    return;
  }
  for (Node &Item : *List) {
    entry(&Item);
    if (!Error.empty())
      return;
  }
}

void Walker::entry(Node *N) {
  if (!plain(N))
    return;
  auto *Map = dyn_cast<yaml::MappingNode>(N);
  if (!Map) {
    if (isa<yaml::NullNode>(N))
      fail(N, "an empty entry: each '- ' under 'functions:' starts an entry with "
              "'name:' or 'match:' and 'role:'");
    else
      fail(N, "each entry under 'functions:' is a mapping ('name:' or 'match:', "
              "'role:', ...), found " + describe(N));
    return;
  }
  StringMap<unsigned> Seen;
  std::optional<std::string> Match, Release;
  SMLoc ReleaseAt;
  for (yaml::KeyValueNode &KV : *Map) {
    std::string K = key(KV, Seen, "in this entry");
    if (K.empty())
      return;
    if (!llvm::is_contained(EntryKeys, StringRef(K))) {
      fail(KV.getKey(), "unknown key '" + K + "'" + suggest(K, EntryKeys));
      return;
    }
    std::optional<std::string> Text;
    SMLoc At;
    if (!value(K, KV, Text, At))
      return;
    if (K == "match") {
      Match = Text;
    } else if (K == "release") {
      Release = Text;
      ReleaseAt = At;
    }
  }
  if (Match && Release) {
    auto R = NameRegex::get(*Match);
    std::string Why = R->ok() ? R->checkReplacement(*Release) : "";
    if (!Why.empty())
      fail(ReleaseAt, Why);
  }
}

/// Checks the value of `Key` in an entry; its text goes to `Out`.
bool Walker::value(StringRef Key, yaml::KeyValueNode &KV,
                   std::optional<std::string> &Out, SMLoc &At) {
  Node *V = KV.getValue();
  if (!V)
    return fail(KV.getKey(), "'" + Key + ":' has no value");
  if (!plain(V))
    return false;
  At = V->getSourceRange().Start;
  std::string Expected;
  if (Key == "name" || Key == "release")
    Expected = "it must name a function";
  else if (Key == "macro")
    Expected = "it must name a macro";
  else if (Key == "match")
    Expected = "it must be a regular expression";
  else if (Key == "signature")
    Expected = "it must be a function type 'RETURN (PARAM, ...)'";
  else if (Key == "role")
    Expected = std::string("expected one of: ") + RoleValues;
  else if (Key == "success")
    Expected = std::string("expected one of: ") + SuccessWordList;
  else if (Key == "param" || Key == "count")
    Expected = "it must be a whole number from 1 to " + std::to_string(MaxApiParam) +
               " (the 1-based parameter index)";
  else
    Expected = "it must be true or false";
  if (isa<yaml::NullNode>(V))
    return fail(KV.getKey(), "'" + Key + ":' has no value: " + Expected);
  Out = text(V);
  if (!Out)
    return fail(V, "'" + Key + "' takes one value, found " + describe(V) + ": " +
                       Expected);
  if (auto *S = dyn_cast<yaml::ScalarNode>(V))
    if (S->getRawValue().rtrim(' ') == "<none>")
      return fail(V, "'<none>' is no value in an API description: leave '" + Key +
                         "' out instead");
  StringRef T = *Out;
  if (Key == "param" || Key == "count") {
    unsigned long long N;
    if (getAsUnsignedInteger(T, 0, N) || N > MaxApiParam)
      return fail(V, "'" + Key + "' must be a whole number from 1 to " +
                         Twine(MaxApiParam) + " (the 1-based parameter index), not " +
                         quoted(T));
  } else if (Key == "returns_null" || Key == "shared" || Key == "accepts_null") {
    if (!yaml::parseBool(T))
      return fail(V, "'" + Key + "' must be true or false, not " + quoted(T));
  } else if (Key == "success" && looksLikeStatusCondition(T)) {
    StatusCondition C;
    std::string Why;
    if (!parseStatusCondition(T, C, Why))
      return fail(V, "bad success condition " + quoted(T) + ": " + Why);
  } else if (Key == "role" || Key == "success") {
    StringRef List = Key == "role" ? RoleValues : SuccessWordList;
    SmallVector<StringRef, 8> Values;
    List.split(Values, ", ");
    if (!llvm::is_contained(Values, T))
      return fail(V, "unknown value '" + T + "' for '" + Key + "' (expected one of: " +
                         List + ")");
  } else if (Key == "signature") {
    ApiSignature Sig;
    std::string Why;
    if (!Sig.parse(T, Why))
      return fail(V, "bad signature " + quoted(T) + ": " + Why);
  } else if (Key == "match") {
    auto R = NameRegex::get(T);
    if (!R->ok())
      return fail(V, "bad regular expression " + quoted(T) + ": " + R->error());
    RegexProgram += R->programSize();
    if (RegexProgram > MaxApiRegexProgram)
      return fail(V, "the 'match' patterns of this file compile to more than " +
                         Twine(MaxApiRegexProgram) +
                         " instructions in all (a pattern that lists names counts one a name; "
                         "apis/gsl.yaml needs 1100): "
                         "this one goes over; use fewer or simpler patterns");
  }
  return true;
}
} // namespace

std::string checkApiSchema(StringRef Text) {
  // Syntax first, wherever it is in the (first) document: the walk below
  // stops at the first misshapen value, and the parser reads only as far as
  // the walk asks.  The walk must not see a document with a syntax error:
  // the parser then hands out nodes whose source ranges point nowhere, and
  // a message placed at one reads outside the buffer (the fuzz target found
  // this when the syntax pass ran only after a failed walk; see
  // test/fuzz/regressions/crash-92f3b7e4...).
  {
    SourceMgr SM;
    FirstDiag Syntax;
    SM.setDiagHandler(keepFirst, &Syntax);
    yaml::Stream S(Text, SM, /*ShowColors=*/false);
    auto Doc = S.begin();
    if (Doc != S.end())
      Doc->skip();
    if (!Syntax.Where.empty())
      return Syntax.Where;
  }
  SourceMgr SM;
  FirstDiag Syntax;
  SM.setDiagHandler(keepFirst, &Syntax);
  yaml::Stream S(Text, SM, /*ShowColors=*/false);
  Walker W(SM);
  auto Doc = S.begin();
  if (Doc != S.end())
    W.document(Doc->getRoot());
  if (!Syntax.Where.empty()) // (the first pass saw none: a safety net)
    return Syntax.Where;
  return W.Error;
}

} // namespace tscope
