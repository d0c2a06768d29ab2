#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Count how many valid KTX2 files of the KTX-Software conformance suite (KhronosGroup/
KTX-Software-CTS, clitests/) texunit reads, and why it refuses the others.

usage: ktx_cts_formats.py TEXUNIT CTS_DIR [--list]

Valid files are every .ktx2 file outside clitests/input/validate/ (the suite's deliberately
broken inputs live there). Each is read with `texunit info`; refusals are grouped by the
reason texunit gives, with the vkFormat named where the refusal is about the format. Exit
status 0; the counts are the output. --list prints every refused file with its message.
"""
import collections
import os
import re
import subprocess
import sys


def valid_files(cts):
    root = os.path.join(cts, "clitests")
    skip = os.path.join(root, "input", "validate")
    for d, _, names in os.walk(root):
        if d == skip or d.startswith(skip + os.sep):
            continue
        for n in sorted(names):
            if n.endswith(".ktx2"):
                yield os.path.join(d, n)


def reason(message):
    """The refusal with the file's name and numbers taken out, so equal reasons group."""
    message = re.sub(r'^texunit: \w+: (KTX2 file )?"[^"]*": ', "", message)
    m = re.search(r"vkFormat (VK_FORMAT_\w+) \(\d+\) is not supported", message)
    if m:
        return "format " + m.group(1)
    m = re.search(r"vkFormat \d+ \((VK_FORMAT_\w+)\)", message)
    if m and "format" in message[m.end():]:
        return "format " + m.group(1)
    m = re.search(r"(VK_FORMAT_\w+)", message)
    if m and ("not a format" in message or "refused" in message or "requires" in message):
        return "format " + m.group(1)
    m = re.search(r"supercompression scheme \d+ \((\w+)\)", message)
    if m:
        return "supercompression " + m.group(1)
    return re.sub(r"\d+", "N", message[:90])


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    tool, cts = sys.argv[1], sys.argv[2]
    listing = "--list" in sys.argv[3:]
    if not os.path.isdir(os.path.join(cts, "clitests")):
        print("ktx-cts: %s has no clitests/ folder; nothing counted" % cts)
        return 0
    read, refused = 0, collections.Counter()
    format_refusals = 0
    for path in valid_files(cts):
        r = subprocess.run([tool, "info", path], capture_output=True, text=True)
        if r.returncode == 0:
            read += 1
            continue
        msg = (r.stderr or r.stdout).strip().splitlines()
        msg = msg[0] if msg else "exit status %d" % r.returncode
        why = reason(msg)
        refused[why] += 1
        if why.startswith("format "):
            format_refusals += 1
        if listing:
            print("refused %s: %s" % (os.path.relpath(path, cts), msg))
    total = read + sum(refused.values())
    print("valid files: %d, read: %d, refused: %d (%d for their format)"
          % (total, read, total - read, format_refusals))
    for why, n in refused.most_common():
        print("%6d  %s" % (n, why))
    return 0


if __name__ == "__main__":
    sys.exit(main())
