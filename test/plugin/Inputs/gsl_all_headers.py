#!/usr/bin/env python3
"""Prints a C file that includes every GSL header (argument: the gsl
include dir), for gsl-api.c."""
import os
import sys

gsl_dir = sys.argv[1]
for name in sorted(os.listdir(gsl_dir)):
    if name.endswith(".h"):
        print("#include <gsl/%s>" % name)
print("int main(void) { return 0; }")
