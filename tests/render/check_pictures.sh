#!/bin/sh
# SPDX-License-Identifier: MIT
# The pictures of docs/img (written by `make demo` through examples/pictures.sh) are
# what `texunit render` draws today, byte for byte.
#   check_pictures.sh TEXUNIT SOURCE_DIR WORK_DIR
set -eu
texunit=$1 src=$2 work=$3
mkdir -p "$work"
sh "$src/examples/pictures.sh" "$texunit" "$work" > /dev/null
status=0
for f in "$work"/*.png; do
    name=$(basename "$f")
    cmp -s "$f" "$src/docs/img/$name" ||
        { echo "FAIL: docs/img/$name differs from what texunit render draws (make demo)"; status=1; }
done
# Refusals name the reason: refuse EXIT REASON ARGS...
refuse() {
    code=$1 want=$2; shift 2
    rc=0; "$texunit" render "$work/bad.png" "$@" > "$work/out" 2>&1 || rc=$?
    [ "$rc" = "$code" ] && grep -qF -e "$want" "$work/out" ||
        { echo "FAIL: render $*: exit $rc, $(cat "$work/out")"; status=1; }
}
refuse 1 "integer formats are not filtered" --texture "2d rgba8_uint 16 16 1 0 1 checker"
refuse 1 "drawn with a 2D texture" --texture "3d rgba8_unorm 16 16 16 1 1 checker"
refuse 2 "--size '33x20': expected WxH, even" --size 33x20
refuse 2 "sampler mip=cubic: unknown value" mip=cubic
refuse 2 "--show 'lod': expected levels, aniso or misses" --show lod
refuse 1 "--texture '': expected a file" --texture ""
"$texunit" render "$work/x.ktx2" > "$work/out" 2>&1 && { echo "FAIL: render wrote a .ktx2"; status=1; }
exit $status
