#!/bin/sh
# SPDX-License-Identifier: MIT
# The rendered pictures of docs/img (README.md shows compare.png): `make demo` writes them,
# and CTest renders them again and compares them byte for byte with the checked-in files.
#   sh examples/pictures.sh TEXUNIT OUT_DIR
set -eu
texunit=$1 out=$2
# Trilinear (left) against 16x anisotropic filtering (right) on the checker pattern.
"$texunit" render "$out/compare.png" min=linear mag=linear mip=linear --compare "" "aniso=16"
# The LOD each pixel used (the engine's LOD op), trilinear (left) and 16x anisotropic (right).
"$texunit" render "$out/levels.png" min=linear mag=linear mip=linear --show levels \
    --compare "" "aniso=16"
