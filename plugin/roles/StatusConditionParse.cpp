//===- StatusConditionParse.cpp -------------------------------------------===//
#include "StatusConditionParse.h"
#include "ApiSchema.h"

#include "llvm/ADT/StringExtras.h"

namespace tscope {

bool looksLikeStatusCondition(llvm::StringRef Text) { return Text.contains('$'); }

static bool isIdentifier(llvm::StringRef S) {
  if (S.empty() || !(llvm::isAlpha(S.front()) || S.front() == '_'))
    return false;
  return llvm::all_of(S, [](char C) { return llvm::isAlnum(C) || C == '_'; });
}

bool parseStatusCondition(llvm::StringRef Text, StatusCondition &Out, std::string &Error) {
  const char *Shape = "expected 'FUNCTION($N) == VALUE' (e.g. 'TF_GetCode($12) == TF_OK') "
                      "or '*$N == VALUE', with == or !=";
  llvm::StringRef T = Text.trim();
  size_t Op = T.find("==");
  bool Equals = true;
  if (Op == llvm::StringRef::npos) {
    Op = T.find("!=");
    Equals = false;
  }
  if (Op == llvm::StringRef::npos) {
    Error = std::string("no comparison: ") + Shape;
    return false;
  }
  llvm::StringRef Lhs = T.take_front(Op).trim(), Rhs = T.drop_front(Op + 2).trim();
  StatusCondition C;
  C.Equals = Equals;
  llvm::StringRef Arg;
  if (Lhs.consume_front("*")) {
    Arg = Lhs.trim();
  } else {
    size_t Open = Lhs.find('(');
    if (Open == llvm::StringRef::npos || !Lhs.ends_with(")")) {
      Error = "'" + Lhs.str() + "' is neither 'FUNCTION($N)' nor '*$N': " + Shape;
      return false;
    }
    C.Function = Lhs.take_front(Open).trim().str();
    if (!isIdentifier(C.Function)) {
      Error = "'" + C.Function + "' is not a function name: " + Shape;
      return false;
    }
    Arg = Lhs.slice(Open + 1, Lhs.size() - 1).trim();
  }
  unsigned long long N = 0;
  if (!Arg.consume_front("$") || Arg.getAsInteger(10, N) || N == 0 || N > MaxApiParam) {
    Error = "the argument must be written $N, N a parameter index from 1 to " +
            std::to_string(MaxApiParam) + ": " + Shape;
    return false;
  }
  C.Param = (unsigned)N;
  long long V = 0;
  if (Rhs.empty() || (!isIdentifier(Rhs) && Rhs.getAsInteger(0, V))) {
    Error = "'" + Rhs.str() + "' is not a value (a whole number or an enumerator such "
            "as TF_OK): " + Shape;
    return false;
  }
  C.ValueName = Rhs.str();
  C.Value = V;
  Out = C;
  return true;
}

const char *const SuccessWordList =
    "always, returns_zero, returns_nonzero, returns_null, returns_nonnull";

bool parseSuccessWord(llvm::StringRef Word, SuccessCondition &Out) {
  static const std::pair<const char *, SuccessCondition> Words[] = {
      {"always", SuccessCondition::Always},
      {"returns_zero", SuccessCondition::ReturnsZero},
      {"returns_nonzero", SuccessCondition::ReturnsNonZero},
      {"returns_null", SuccessCondition::ReturnsNull},
      {"returns_nonnull", SuccessCondition::ReturnsNonNull}};
  for (auto [W, Value] : Words)
    if (Word == W) {
      Out = Value;
      return true;
    }
  return false;
}

} // namespace tscope
