//===- SourceLines.h - make call sites' lines reach the IR pass ------------===//
//
// Sites name the user's file:line:column.  The IR knows them only through
// debug locations, which a compile without -g does not have.  Clang's
// "LocTrackingOnly" debug level (what -Rpass uses) attaches a DILocation to
// every instruction yet emits no debug information into the object.  When the
// user did not ask for debug info we switch to it before codegen starts, and
// the pass strips the locations again once it has read them, so the output
// carries no debug info the user did not ask for.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_INSTRUMENT_SOURCELINES_H
#define TENSORSCOPE_PLUGIN_INSTRUMENT_SOURCELINES_H

namespace llvm {
class Module;
}

namespace tscope {

/// True when requestLocationTracking switched location tracking on for this
/// compile (so the pass must strip it after use).
bool locationTrackingWasForced();

/// Records that location tracking was forced on.
void noteLocationTrackingForced();

/// Removes the debug locations of a module whose locations we forced on.
/// Returns true when it changed the module.
bool stripForcedLocations(llvm::Module &M);

} // namespace tscope

#endif
