# tscope-report: a Python 3 (stdlib only) script plus its modules and page
# assets.  Copied into the build tree at build time (so edits are picked up
# by a rebuild) as bin/tscope-report + share/tensorscope/report/, the same
# layout `make install` produces, which is where the script looks.
set(TSCOPE_REPORT_ASSETS
  errors.py flame.py leaks.py page_html.py sites.py timeline.py page.html page.css page.js)

set(tscope_report_outputs ${CMAKE_BINARY_DIR}/bin/tscope-report)
add_custom_command(
  OUTPUT ${CMAKE_BINARY_DIR}/bin/tscope-report
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/bin
  COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_CURRENT_SOURCE_DIR}/tscope-report
          ${CMAKE_BINARY_DIR}/bin/tscope-report
  DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tscope-report
  COMMENT "Copying tscope-report")
foreach(asset ${TSCOPE_REPORT_ASSETS})
  set(out ${CMAKE_BINARY_DIR}/share/tensorscope/report/${asset})
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_CURRENT_SOURCE_DIR}/report/${asset} ${out}
    DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/report/${asset})
  list(APPEND tscope_report_outputs ${out})
endforeach()
add_custom_target(tscope-report ALL DEPENDS ${tscope_report_outputs})

install(PROGRAMS tscope-report DESTINATION ${CMAKE_INSTALL_BINDIR})
list(TRANSFORM TSCOPE_REPORT_ASSETS PREPEND report/ OUTPUT_VARIABLE tscope_report_sources)
install(FILES ${tscope_report_sources} DESTINATION ${CMAKE_INSTALL_DATADIR}/tensorscope/report)
