#!/bin/sh
# SPDX-License-Identifier: MIT
# `texunit render --cache SPEC [--show misses]`: the picture is unchanged by tracing, the
# cache totals add up, the misses per pixel sum to the totals' misses, the heat map's run
# counts the same reads, and bad options are refused.
# usage: check_render_cache.sh TEXUNIT WORKDIR
set -eu
T=$1
D=$2
mkdir -p "$D"
cd "$D"
keys="min=linear mag=linear mip=linear aniso=4"
"$T" render plain.png $keys --size 96x64 2>/dev/null >/dev/null
"$T" render traced.png $keys --size 96x64 --cache 4KiB,64B,4,plru 2>/dev/null >traced.txt
cmp -s plain.png traced.png || { echo "render: --cache changed the picture"; exit 1; }
"$T" render misses.png $keys --size 96x64 --cache 4KiB,64B,4,plru --show misses 2>/dev/null \
    >misses.txt
cmp -s plain.png misses.png && { echo "render: --show misses drew the plain picture"; exit 1; }
for f in traced.txt misses.txt; do
    awk '/^cache/ { for (i = 1; i <= NF; i++) v[$i] = $(i + 1); n++;
                    if (v["lookups"] == 0 || v["lookups"] != v["hits"] + v["misses"] ||
                        v["bytes"] != 64 * v["misses"]) bad = 1; m = v["misses"] }
         /^misses per pixel/ { p++; if ($NF != m || $(NF - 2) > m || $(NF - 2) == 0) bad = 1 }
         END { exit bad || n != 1 || p != 1 }' "$f" ||
        { echo "render: $f: counts do not add up"; cat "$f"; exit 1; }
done
grep -v '^wrote' traced.txt >a.txt
grep -v '^wrote' misses.txt >b.txt
cmp -s a.txt b.txt || { echo "render: --show misses counted other reads"; exit 1; }
if "$T" render x.png --show misses 2>err.txt; then exit 1; fi
grep -q "needs --cache" err.txt
if "$T" render x.png --cache 1000,64,4 2>err.txt; then exit 1; fi
grep -q "cache size 1000" err.txt
echo "render --cache: picture unchanged, totals and per-pixel misses agree"
