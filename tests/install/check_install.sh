#!/bin/sh
# SPDX-License-Identifier: MIT
# Install texunit from the build tree $1 into a scratch prefix, then build and run a
# small program against the installed package twice: with CMake's find_package(texunit)
# and with pkg-config. Run by .ci/run.
set -eu
build=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
# the man page, the same as `texunit help --man` prints
"$build/texunit" help --man | cmp -s - "$work/prefix/share/man/man1/texunit.1" ||
    { echo "install: share/man/man1/texunit.1 is missing or differs from help --man"; exit 1; }

cmake -S "$here/consumer" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/cmake" >/dev/null
LD_LIBRARY_PATH="$work/prefix/lib" "$work/cmake/consumer"

if ! command -v pkg-config >/dev/null 2>&1; then
    echo "install: find_package(texunit) builds and runs a consumer; skipped pkg-config: not found"
    exit 0
fi
PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" cc -std=c11 -Wall -Werror \
    "$here/consumer/consumer.c" $(PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" pkg-config --cflags --libs texunit) \
    -o "$work/consumer-pc"
LD_LIBRARY_PATH="$work/prefix/lib" "$work/consumer-pc"
echo "install: find_package(texunit) and pkg-config both build and run a consumer"
