#!/bin/sh
# SPDX-License-Identifier: MIT
# `texunit run --trace FILE --cache SPEC`: the kernel's output is unchanged, the JSON lines
# hold one texel record per read and one summary per message whose record count matches,
# the cache counts add up, and bad options are refused.
# Also for media_ld (media records) and for a TLD program (NVIDIA: texture-header records too).
# usage: check_trace.sh TEXUNIT SOURCE_DIR WORKDIR
set -eu
T=$1
S=$2
D=$3
mkdir -p "$D"
cd "$D"
for k in trilinear msaa_load media_read; do
    "$T" run "$S/examples/$k.visaasm" >plain.txt
    "$T" run "$S/examples/$k.visaasm" --trace t.jsonl --cache 16KiB,64B,4,plru >traced.txt
    grep -v '^cache' traced.txt | cmp -s - plain.txt || { echo "$k: output changed"; exit 1; }
    texels=$(grep -c '"type":"read"' t.jsonl)
    summed=$(grep '"type":"message"' t.jsonl | sed 's/.*"records":\([0-9]*\).*/\1/' |
             awk '{s += $1} END {print s + 0}')
    [ "$texels" -gt 0 ] && [ "$texels" = "$summed" ] ||
        { echo "$k: $texels texel lines, summaries count $summed"; exit 1; }
    # lookups = hits + misses, per message and in total; bytes = misses * 64
    awk '/^cache/ { for (i = 1; i <= NF; i++) v[$i] = $(i + 1);
                    if (v["lookups"] != v["hits"] + v["misses"] || v["bytes"] != 64 * v["misses"])
                        bad = 1 }
         END { exit bad }' traced.txt || { echo "$k: cache counts do not add up"; exit 1; }
done
# media_ld's block reads are traced: media records, and only those, in media_read's trace.
"$T" run "$S/examples/media_read.visaasm" --trace t.jsonl >/dev/null
grep -q '"kind":"media"' t.jsonl && ! grep '"type":"read"' t.jsonl | grep -qv '"kind":"media"' ||
    { echo "media_read: no media records, or others"; exit 1; }
if "$T" run "$S/examples/trilinear.visaasm" --cache 1000,64,4 2>err.txt; then exit 1; fi
grep -q "cache size 1000" err.txt
# TLD: header reads and texel reads; output unchanged.
"$T" run "$S/examples/tld.sass" >plain.txt
"$T" run "$S/examples/tld.sass" --trace t.jsonl --cache 4KiB,128B,2 >traced.txt
grep -v '^cache' traced.txt | cmp -s - plain.txt || { echo "tld: output changed"; exit 1; }
grep -q '"kind":"header"' t.jsonl && grep -q '"kind":"texel"' t.jsonl ||
    { echo "tld: no header or texel records"; exit 1; }
if "$T" run "$S/examples/tld.sass" --bogus x 2>err.txt; then exit 1; fi
echo "trace: records, summaries and cache counts agree"
