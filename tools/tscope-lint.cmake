# tscope-lint: the CI driver of the compile-time lint (Python 3, stdlib only).
# Include from tools/CMakeLists.txt:  include(${CMAKE_CURRENT_SOURCE_DIR}/tscope-lint.cmake)
# Puts BUILD/bin/tscope-lint (the clang bindir and source dir filled in) and
# its package in BUILD/lib/tensorscope/python/tscope_lint; installs both the
# same way under the prefix.  configure_file re-runs when a source changes.
set(TSCOPE_LINT_PY_DIR ${CMAKE_BINARY_DIR}/lib/tensorscope/python/tscope_lint)
configure_file(${CMAKE_CURRENT_LIST_DIR}/tscope-lint ${CMAKE_BINARY_DIR}/bin/tscope-lint @ONLY
               FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
                                WORLD_READ WORLD_EXECUTE)
file(GLOB TSCOPE_LINT_MODULES CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/tscope_lint/*.py)
foreach(module ${TSCOPE_LINT_MODULES})
  get_filename_component(name ${module} NAME)
  configure_file(${module} ${TSCOPE_LINT_PY_DIR}/${name} COPYONLY)
endforeach()
install(PROGRAMS ${CMAKE_BINARY_DIR}/bin/tscope-lint DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${TSCOPE_LINT_PY_DIR} DESTINATION ${CMAKE_INSTALL_LIBDIR}/tensorscope/python
        FILES_MATCHING PATTERN "*.py")
