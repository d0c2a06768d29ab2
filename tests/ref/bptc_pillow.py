#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""texunit's BC7 and BC6H (unsigned) decoders against Pillow's BCn decoder.

    bptc_pillow.py DUMP_BPTC COUNT WORKDIR

Runs DUMP_BPTC (tests/ref/dump_bptc.c), which writes random blocks and texunit's decodes,
decodes the same blocks with Pillow (Debian python3-pil) and compares:
  BC7: every RGBA8 texel exactly (both decode to 8 bits as the DFS defines), except the
       alpha of mode-8 blocks (first byte 0), which Pillow makes 255 and texunit 0
       (docs/semantics.md);
  BC6H unsigned: Pillow 9 writes 8 bits, (uint8)(min(max(f, 0), 1) * 255), and interpolates
       without the DFS's +32 rounding, so texunit's floats, put through the same conversion,
       must agree within 1; a wrong mode layout, sign or partition moves texels far more.
Exits 77 (CTest's skip) without Pillow.
"""
import os
import struct
import subprocess
import sys

try:
    from PIL import Image
except ImportError:
    print("skipped: Pillow (Debian python3-pil) is not installed")
    sys.exit(77)


def main():
    tool, count, workdir = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    os.makedirs(workdir, exist_ok=True)
    path = os.path.join(workdir, "bptc.bin")
    subprocess.run([tool, path, str(count)], check=True)
    data = open(path, "rb").read()
    bc7 = data[: 16 * count]
    bc6 = data[16 * count : 32 * count]
    ours7 = data[32 * count : 32 * count + 64 * count]
    ours6 = struct.unpack("<%df" % (48 * count), data[96 * count :])

    # one row of blocks: block i covers x = 4i .. 4i + 3
    ref7 = Image.frombytes("RGBA", (4 * count, 4), bc7, "bcn", 7).tobytes()
    ref6 = Image.frombytes("RGB", (4 * count, 4), bc6, "bcn", 6).tobytes()
    failures = 0
    for b in range(count):
        for t in range(16):
            x, y = 4 * b + t % 4, t // 4
            for c in range(4):
                got = ours7[64 * b + 4 * t + c]
                want = ref7[4 * (y * 4 * count + x) + c]
                if c == 3 and bc7[16 * b] == 0:
                    continue
                if got != want:
                    failures += 1
                    if failures <= 5:
                        print("BC7 block %d (%s) texel %d comp %d: ours %d, Pillow %d"
                              % (b, bc7[16 * b : 16 * b + 16].hex(), t, c, got, want))
            for c in range(3):
                f = ours6[48 * b + 3 * t + c]
                got = int(min(max(f, 0.0), 1.0) * 255.0)
                want = ref6[3 * (y * 4 * count + x) + c]
                if abs(got - want) > 1:
                    failures += 1
                    if failures <= 10:
                        print("BC6H block %d (%s) texel %d comp %d: ours %g (%d), Pillow %d"
                              % (b, bc6[16 * b : 16 * b + 16].hex(), t, c, f, got, want))
    print("%d BC7 and %d BC6H blocks against Pillow %s: %d mismatches"
          % (count, count, Image.__version__, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
