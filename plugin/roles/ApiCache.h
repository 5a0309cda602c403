//===- ApiCache.h - parsed API descriptions kept between compiles ---------===//
//
// Reading the seven shipped descriptions with LLVM's YAML parser costs about
// 15 million instructions a compile (three passes: syntax, schema, YAML I/O),
// as much as 15% of -fsyntax-only on a small GSL program.  Users compile many
// translation units against the same descriptions, so the loader keeps what
// it parsed in a small binary file per description and reads that instead
// while the description is unchanged.
//
// Soundness comes first: a cache file is used only when it holds, byte for
// byte, the description's whole text and path and the identity of the plugin
// binary that wrote it (its path, size and modification time), and its
// checksum is right; every entry read back goes through completeApiEntry's
// checks again.  Anything else is a miss: the YAML is parsed as without a
// cache, and a good result is written back.  Only descriptions that loaded
// without an error are written, so every error message comes from the
// parser as before.  Writes go to a temporary file renamed into place, so
// parallel compiles never see half a file.  Nothing about the cache is ever
// an error: an unwritable or missing directory only costs the parse.
//
// Where: the plugin argument api-cache=DIR|off, else $TSCOPE_API_CACHE
// (DIR or off), else $XDG_CACHE_HOME/tensorscope/apis, else
// $HOME/.cache/tensorscope/apis.  At most MaxCacheFiles files are kept.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_ROLES_APICACHE_H
#define TENSORSCOPE_PLUGIN_ROLES_APICACHE_H

#include "ApiDescription.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace tscope {
class RoleDiagnostics;

/// The cache directory to use: `Arg` (the api-cache= argument, if given),
/// else the environment as above; "" means no cache.
std::string apiCacheDirectory(const std::optional<std::string> &Arg);

/// What happened to the cache in one load (for the tests).
enum class ApiCacheUse { Off, Hit, MissWritten, MissNotWritten };

/// loadApiFile (ApiDescription.h), through the cache in `CacheDir` ("" for
/// none).  The same result and the same diagnostics as loadApiFile.
bool loadApiFileCached(const std::string &Path, ApiFile &Out, RoleDiagnostics &Diags,
                       const std::string &CacheDir, ApiCacheUse *Use = nullptr);

/// The bytes of a cache file for `File`, parsed from `Text` at `Path` by the
/// plugin binary `Identity`.
std::string serializeApiCache(const ApiFile &File, llvm::StringRef Text,
                              llvm::StringRef Identity);

/// Reads `Bytes` (a cache file) into `Out` when it was written for exactly
/// this `Text` at `Out.Path`'s path by this `Identity`, its checksum holds
/// and every entry passes completeApiEntry; false otherwise, with `Out`'s
/// functions left empty.  Never trusts a length or an index in `Bytes`.
bool deserializeApiCache(llvm::StringRef Bytes, llvm::StringRef Text,
                         llvm::StringRef Identity, ApiFile &Out);

/// The identity of the running plugin binary (path, size, modification
/// time), or "" when it cannot be told (then nothing is cached).
std::string pluginBinaryIdentity();

} // namespace tscope

#endif
