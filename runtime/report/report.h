/*
 * report.h -- leak reports (report.c) and the timeline sampler
 * (timeline.c): readers of the core's records, called by the exit hook
 * (../lifecycle.c) and the public tscope_report functions.  Not installed.
 */
#ifndef TSCOPE_RUNTIME_REPORT_H
#define TSCOPE_RUNTIME_REPORT_H

#include "core/internal.h"

#include <stdio.h>

/* Writes the text report with `header`; returns the number of live tensors. */
size_t ts_report_text(FILE *out, const char *header);
/* The timeline sampler; both are no-ops without timeline=. */
void ts_timeline_start(void);
void ts_timeline_stop(void);

#endif
