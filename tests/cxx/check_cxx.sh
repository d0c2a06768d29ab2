#!/bin/sh
# SPDX-License-Identifier: MIT
# Every public header in a C++ translation unit: build tests/cxx/consumer.cpp as C++11 and as
# C++17 (with TEXUNIT_EXPERIMENTAL: the experimental declarations too) with each of g++ and
# clang++ that is installed (warnings as errors, -Wpedantic),
# against the build tree's shared library, and run it. A compiler that is missing is skipped,
# saying so; with neither, the test is skipped (exit 77).
#   check_cxx.sh SOURCE_DIR INCLUDE_DIR LIBTEXUNIT_SO WORK_DIR
set -eu
here=$1 include=$2 lib=$3 work=$4
mkdir -p "$work"
libdir=$(dirname "$lib")
built=0
for cxx in g++ clang++; do
    if ! command -v "$cxx" >/dev/null 2>&1; then
        echo "skipped: $cxx not found"
        continue
    fi
    for std in c++11 c++17; do
        out="$work/consumer-$cxx-$std" experimental=""
        [ "$std" = c++17 ] && experimental=-DTEXUNIT_EXPERIMENTAL
        "$cxx" -std=$std $experimental -Wall -Wextra -Wpedantic -Werror -I"$include" "$here/consumer.cpp" \
            "$lib" -Wl,-rpath,"$libdir" -o "$out" ||
            { echo "cxx: $cxx -std=$std does not build the consumer"; exit 1; }
        printf "%s -std=%s: " "$cxx" "$std"
        "$out" || { echo "cxx: the $cxx -std=$std consumer failed"; exit 1; }
        built=$((built + 1))
    done
done
if [ "$built" = 0 ]; then
    echo "skipped: neither g++ nor clang++ found"
    exit 77
fi
