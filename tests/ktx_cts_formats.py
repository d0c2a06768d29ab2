#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Count how many valid KTX2 files of the KTX-Software conformance suite (KhronosGroup/
KTX-Software-CTS, clitests/) texunit reads, and why it refuses the others.

usage: ktx_cts_formats.py TEXUNIT CTS_DIR [--list] [--check]

Valid files are every .ktx2 file outside clitests/input/validate/ (the suite's deliberately
broken inputs live there). Each is read with `texunit info`; refusals are grouped by the
reason texunit gives, with the vkFormat named where the refusal is about the format. The
counts are the output; --list prints every refused file with its message.

--check (CTest's ktx_cts_formats): exit 1 when a refusal about a vkFormat names it by number
alone, gives no reason, or refuses a format outside the families texunit's table leaves out
(multi-planar, 64-bit, PVRTC, 3D ASTC, VK_FORMAT_UNDEFINED: docs/semantics.md, "Formats");
exit 77 (skipped) when CTS_DIR has no clitests/ folder.
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


# The VkFormat families texunit refuses, by name (src/format/vk_format_names.c, refusals).
REFUSED_FAMILIES = re.compile(r"PLANE_|VK_FORMAT_R64|PVRTC|_BLOCK_EXT|VK_FORMAT_UNDEFINED")


def format_problem(message):
    """What is wrong with a refusal about a vkFormat, or None."""
    if re.search(r"vkFormat \d+ (\(|is not a format)", message) and "is not a VkFormat" not in message:
        return "names the vkFormat by number"
    m = re.search(r"vkFormat (VK_FORMAT_\w+) \(\d+\) is not supported: (.*)", message)
    if not m:
        return None
    if not m.group(2).strip():
        return "gives no reason"
    if not REFUSED_FAMILIES.search(m.group(1)):
        return "refuses %s, a format texunit's table should hold" % m.group(1)
    return None


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    tool, cts = sys.argv[1], sys.argv[2]
    listing = "--list" in sys.argv[3:]
    check = "--check" in sys.argv[3:]
    if not os.path.isdir(os.path.join(cts, "clitests")):
        print("skipped: %s has no clitests/ folder (the KTX-Software-CTS suite); nothing counted"
              % cts)
        return 77 if check else 0
    problems = []
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
        problem = format_problem(msg)
        if problem:
            problems.append("%s: %s (%s)" % (os.path.relpath(path, cts), problem, msg))
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
    for p in problems[:20]:
        print("FAIL " + p)
    if problems:
        print("%d refusals about a vkFormat are wrong" % len(problems))
    return 1 if check and problems else 0


if __name__ == "__main__":
    sys.exit(main())
