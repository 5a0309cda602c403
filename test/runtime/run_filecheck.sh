#!/bin/sh
# run_filecheck.sh FILECHECK SOURCE PREFIX EXPECTED_EXIT PROGRAM [ARGS...]
# Runs PROGRAM with stdout+stderr captured, checks its exit status, then
# checks the output with FileCheck against the PREFIX: lines of SOURCE.
filecheck=$1 source=$2 prefix=$3 expected=$4
shift 4
out=$("$@" 2>&1)
status=$?
if [ "$status" != "$expected" ]; then
  printf '%s\n' "$out"
  echo "run_filecheck: $* exited with $status, expected $expected" >&2
  exit 1
fi
printf '%s\n' "$out" | "$filecheck" --check-prefix="$prefix" --dump-input=fail "$source"
