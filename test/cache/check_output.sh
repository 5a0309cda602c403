#!/bin/sh
# check_output.sh FILECHECK PROGRAM SOURCE -- runs PROGRAM and checks what it
# prints (stdout and stderr, in order) against the CHECK lines of SOURCE.
# The program's own exit status is ignored: leak reports may set it.
set -u
filecheck=$1 program=$2 source=$3
out=$(TSCOPE_OPTIONS=${TSCOPE_OPTIONS:-} "$program" 2>&1)
printf '%s\n' "$out" | "$filecheck" --dump-input=fail "$source"
