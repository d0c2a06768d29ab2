#!/bin/sh
# SPDX-License-Identifier: MIT
# Hostile files around the tool (tools/file.c, tools/json.c): paths and query lines with
# quotes, backslashes, tabs, control and non-UTF-8 bytes still make valid JSON; a device, a
# FIFO, a directory or a file over the limit is refused at once wherever a file is read; a
# write that fails (a full disk) fails the command, and "-" is standard output; malformed
# numbers are refused by name.
#   check_files.sh TEXUNIT WORK_DIR SOURCE_DIR
. "$(dirname "$0")/../tool_check.sh"
src=$3
json_ok() { python3 -c 'import json,sys; json.load(sys.stdin)'; }

# --- JSON: every string escaped --------------------------------------------------------
ctl=$(printf '\001') tab=$(printf '\t') high=$(printf '\377')
odd="q\"b\\s${tab}t${ctl}c${high}h"
printf 'texture 2d rgba8_unorm 16 16 1 0 1 42\nfetch 3 5 0 0 # "quoted" \\ and\ttab\n' > "$odd.txt"
if "$texunit" explain "$odd.txt" 2 --json > case.json; then
    json_ok < case.json || fail "explain --json of a case file is not JSON: $(head -c 300 case.json)"
    python3 -c 'import json,sys
d = json.load(open("case.json"))
assert d["query"] == "fetch 3 5 0 0 # \"quoted\" \\ and\ttab", d["query"]
assert d["file"] == sys.argv[1].encode("utf-8", "surrogateescape").decode("latin-1"), d["file"]' \
        "$odd.txt" || fail "explain --json does not give the path and line back"
else
    fail "explain --json of $odd.txt: $(cat case.json)"
fi
cp "$src/examples/trilinear.visaasm" "$odd.visaasm"
"$texunit" explain "$odd.visaasm" 18 5 --json > lane.json || fail "explain of a kernel lane"
json_ok < lane.json || fail "explain --json of a kernel lane is not JSON: $(head -c 300 lane.json)"
cp "$src/examples/tld.sass" "$odd.sass"
"$texunit" explain "$odd.sass" 19 0 --json > tld.json || fail "explain of a TLD thread"
json_ok < tld.json || fail "explain --json of a TLD thread is not JSON: $(head -c 300 tld.json)"
"$texunit" run "$odd.visaasm" --trace trace.jsonl > /dev/null || fail "run --trace"
while IFS= read -r line; do
    printf '%s\n' "$line" | json_ok || { fail "a --trace line is not JSON: $line"; break; }
done < trace.jsonl

# --- reads: only regular files, and not too large ----------------------------------------
rm -rf fifo.* dir.* zero.* full.* ./-
mkfifo fifo.txt fifo.visaasm fifo.sass fifo.ktx2 fifo.png fifo.bin
mkdir dir.txt dir.visaasm dir.ktx2
ln -s /dev/zero zero.txt; ln -s /dev/zero zero.visaasm; ln -s /dev/zero zero.sass
ln -s /dev/zero zero.ktx2; ln -s /dev/zero zero.png; ln -s /dev/zero zero.bin
# refused "WHAT" texunit ARGS...: exits nonzero within 10 s, and stderr says WHAT
refused() {
    want=$1; shift
    rc=0
    timeout 10 "$texunit" "$@" > out.txt 2> err.txt || rc=$?
    if [ $rc = 0 ]; then fail "accepted: $*"; return; fi
    [ $rc != 124 ] || { fail "hangs: $*"; return; }
    grep -qF -e "$want" err.txt || fail "$*: expected \"$want\", got: $(cat err.txt)"
}
for kind in fifo:"a FIFO (named pipe)" zero:"a character device" dir:"a directory"; do
    f=${kind%%:*} what="${kind#*:}, not a regular file"
    refused "$f.txt is $what" query $f.txt
    [ $f = dir ] || refused "$f.sass is $what" run $f.sass
    refused "$f.visaasm is $what" run $f.visaasm
    refused "$f.visaasm is $what" lower $f.visaasm --target tgl
    refused "$f.visaasm is $what" asm $f.visaasm
    refused "$f.txt is $what" explain $f.txt 1
    refused "$f.ktx2 is $what" info $f.ktx2
    refused "$f.ktx2 is $what" texel $f.ktx2 0 0 0 0 0
    refused "$f.ktx2 is $what" convert $f.ktx2 out.png
    [ $f = dir ] || refused "$f.png is $what" info $f.png
    [ $f = dir ] || refused "$f.bin is $what" disasm $f.bin
    [ $f = dir ] || refused "$f.ktx2 is $what" render out.png --texture $f.ktx2
    printf 'texture_file %s\n' $f.ktx2 > tf.txt
    refused "$f.ktx2 is $what" query tf.txt
    printf '//! surface 0 texture_file %s\n.version 4.2\n.kernel "k"\n' $f.ktx2 > tf.visaasm
    refused "$f.ktx2 is $what" run tf.visaasm
    printf '//! surface 0 file=%s texture 2d r8_unorm 4 4 1 1 1 0\n.version 4.2\n.kernel "k"\n' \
        $f.ktx2 > blob.visaasm
    refused "$f.ktx2 is $what" run blob.visaasm
    printf '.texture 0 2d r8_unorm 4 4 1 file=%s\n' $f.ktx2 > tf.sass
    refused "$f.ktx2 is $what" run tf.sass
done
# over the limits, found by the size alone (sparse files)
truncate -s 5G big.ktx2
refused "big.ktx2: 5368709120 bytes is more than this tool's limit of 4296015872 bytes" info big.ktx2
truncate -s 65M big.txt
refused "big.txt: 68157440 bytes is more than this tool's limit of 67108864 bytes" query big.txt
head -c 67108865 /dev/zero > long.txt
refused "<stdin>: more than this tool's limit of 67108864 bytes" query - < long.txt
head -c 67108865 /dev/zero | refused "<stdin>: more than this tool's limit of 67108864 bytes" query -
rm -f big.ktx2 big.txt long.txt

# --- writes: a full disk fails the command; "-" is standard output ------------------------
"$texunit" gen 2d rgba8_unorm 4 4 1 1 1 7 small.ktx2 > /dev/null
"$texunit" asm "$src/examples/trilinear.visaasm" small.bin > /dev/null
printf 'texture 2d rgba8_unorm 16 16 1 0 1 42\nfetch 3 5 0 0\n' > small.txt
full() {
    if "$texunit" "$@" > /dev/full 2> err.txt; then fail "exit 0 writing into /dev/full: $*"; fi
    grep -q '^texunit: cannot write standard output: ' err.txt ||
        fail "$*: into /dev/full: $(cat err.txt)"
}
full formats
full --version
full help
full help --man
full help query
full query --help
full gen 2d rgba8_unorm 4 4 1 1 1 7 gen.ktx2
full convert small.ktx2 conv.png
full info small.ktx2
full texel small.ktx2 0 0 1 1 0
full query small.txt
full explain small.txt 2
full explain small.txt 2 --json
full render pic.png --size 8x8
full run "$src/examples/trilinear.visaasm"
full run "$src/examples/tld.sass"
full asm "$src/examples/trilinear.visaasm"
full disasm small.bin
full lower "$src/examples/lower.visaasm" --target tgl
full image-format rgba8_unorm --target tgl
# the files the tool writes
ln -s /dev/full full.ktx2; ln -s /dev/full full.png; ln -s /dev/full full.bin
for out in full.ktx2 full.png; do
    if "$texunit" gen 2d rgba8_unorm 4 4 1 1 1 7 $out > /dev/null 2> err.txt; then
        fail "gen into $out: exit 0"
    fi
    grep -qF "$out" err.txt || fail "gen into $out: the file is not named: $(cat err.txt)"
done
refused "cannot write full.bin: " asm "$src/examples/trilinear.visaasm" full.bin
refused "--trace cannot write /dev/full: " run "$src/examples/trilinear.visaasm" --trace /dev/full
# "-": standard output
rm -f ./-
"$texunit" run "$src/examples/trilinear.visaasm" --trace - > stdout.txt || fail "run --trace -"
[ ! -e ./- ] || fail "--trace - made a file named -"
grep -q '^{"type":"read"' stdout.txt || fail "--trace - wrote no records to standard output"
"$texunit" asm "$src/examples/trilinear.visaasm" - > stdout.bin || fail "asm KERNEL -"
[ ! -e ./- ] || fail "asm KERNEL - made a file named -"
cmp -s stdout.bin small.bin || fail "asm KERNEL - is not the binary asm writes to a file"

"$texunit" gen 2d rgba8_unorm 4 4 1 1 1 7 - > stdout.ktx2 2> err.txt || fail "gen ... -"
[ ! -e ./- ] || fail "gen ... - made a file named -"
grep -qx 'wrote standard output' err.txt || fail "gen ... -: $(cat err.txt)"
cmp -s stdout.ktx2 small.ktx2 || fail "gen ... - is not the KTX2 file gen writes"
"$texunit" convert - - < small.ktx2 > stdout.ktx2 2> /dev/null || fail "convert - -"
cmp -s stdout.ktx2 small.ktx2 || fail "convert - - is not the file it read"
"$texunit" info - < small.ktx2 > info.txt || fail "info - (KTX2 on stdin) failed"
grep -q '^vkFormat: VK_FORMAT_R8G8B8A8_UNORM$' info.txt || fail "info - (KTX2 on stdin): no vkFormat"
grep -q '^texunit reads it as a 2d R8G8B8A8_UNORM 4x4x1' info.txt || fail "info - (KTX2 on stdin)"
"$texunit" info --json - < small.ktx2 | grep -q '"vkFormat":"VK_FORMAT_R8G8B8A8_UNORM"' ||
    fail "info --json - (KTX2 on stdin)"
"$texunit" render pic.png --size 8x8 > /dev/null
"$texunit" render - --size 8x8 --cache 16KiB,64B,4 > stdout.png 2> err.txt || fail "render -"
[ ! -e ./- ] || fail "render - made a file named -"
cmp -s stdout.png pic.png || fail "render - is not the picture render writes to a file"
grep -q '^misses per pixel: ' err.txt || fail "render - --cache: the counts are not on stderr"
if "$texunit" gen 2d rgba8_unorm 4 4 1 1 1 7 - > /dev/full 2> err.txt; then fail "gen - >/dev/full"; fi
[ "$(cat err.txt)" = "texunit: TU_IO_ERROR: cannot write standard output: No space left on device" ] ||
    fail "gen - into /dev/full, said once: $(cat err.txt)"

# --- numbers: no sign, no overflow, no trailing garbage ------------------------------------
kernel() { # a kernel with one more directive
    { printf '%s\n' "$1"; cat "$src/examples/trilinear.visaasm"; } > dir_test.visaasm
}
for bad in '-1 1' '1 -1' '5 1' '0 1' '4294967297 1' '1 2 3' '1' '2x 2' ''; do
    kernel "//! cps $bad"
    refused "cps '$bad': expected the coarse pixel width and height, each 1..4" run dir_test.visaasm
done
kernel "//! cps 2 4"
"$texunit" run dir_test.visaasm > /dev/null || fail "cps 2 4 is refused: $(cat err.txt)"
kernel "//! emask -1"
refused "emask '-1' is not a number" run dir_test.visaasm
for bad in -1 +1 ''; do
    { printf '//! surface 3 samples=4 mcs=%s texture 2d rgba8_uint 8 8 1 1 1 7\n' "$bad"
      cat "$src/examples/msaa_load.visaasm"; } > dir_test.visaasm
    refused "surface: mcs value '$bad' is not a number 0..2^64-1" run dir_test.visaasm
done
for bad in -2x4 4x-2 4294967298x4 4x4z 4x 2049x2 3x4; do
    refused "--size '$bad': expected WxH, even, 2..2048" render pic.png --size $bad
done
for bad in -1 0 x1 1000001 4294967297; do
    refused "LINE '$bad' is not a line number 1..1000000" explain small.txt $bad
done
for bad in -1 32 1x; do
    refused "LANE '$bad' is not a lane 0..31" explain "$src/examples/trilinear.visaasm" 18 $bad
done
exit $status
