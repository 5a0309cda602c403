//===- ApiSchema.h - the shape of an API description, in its own words ----===//
//
// LLVM's YAML parser and YAML I/O speak of tokens and node kinds ("unexpected
// scalar", "not a sequence", "unknown node kind", "out of range number").
// Before YAML I/O reads a description, this walks the parsed document once
// and says what the format expected where it found something else: a list
// of entries after 'functions:', one value per key, a whole number for
// 'param', true/false for the flags, a regex RE2 accepts for 'match', no
// aliases or anchors.  YAML syntax errors are translated too.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_ROLES_APISCHEMA_H
#define TENSORSCOPE_PLUGIN_ROLES_APISCHEMA_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace tscope {

/// The largest 'param': clang keeps a function's parameter count in 16 bits.
constexpr unsigned MaxApiParam = 65535;

/// "LINE:COL: message" for the first thing in `Text` (an API description)
/// that is not what the format expects, or "" when its shape is right.
/// `Text` must already have passed the nesting check (the walk recurses).
std::string checkApiSchema(llvm::StringRef Text);

/// A YAML parser message in the format's words.
std::string explainYamlSyntax(llvm::StringRef Message);

} // namespace tscope

#endif
