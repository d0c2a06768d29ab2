#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_citations.py - every citation in the repository names something a reader can open.

Scans every tracked text file (git ls-files; without git, every file under the source tree but
build*/ and .git/) and fails, naming file:line and the citation, on:
  * a citation of a document that is not in the repository: notes/..., spec/..., DESIGN.md,
    STYLE.md, ../shared, and the file names of those documents;
  * a path into the tree (src/, include/, tests/, docs/, tools/, fuzz/, bench/, examples/,
    cmake/, .ci/) that does not exist, and a relative Markdown link that does not resolve;
  * a bare section number ("§2.4"): one that does not closely follow the name of a public
    document that has numbered sections (KDFS, D3D11, IEEE 754, an RFC, PNG, KTX, Vulkan,
    C11 / ISO C), on its line or, for a citation wrapped over two lines, the line before,
    with no new sentence between ("KDFS 1.3 §13.3", "KDFS §5.6, §13 and §17").
Public sources are cited by title and section instead; docs/references.md lists them.

Usage: check_citations.py SOURCE_DIR. Exit 0: clean; 1: bad citations (listed); 2: usage.
"""
import os
import re
import subprocess
import sys

# Documents outside the repository, cited by path or by file name.
FORBIDDEN = [
    (re.compile(r"(?<![\w-])notes/"), "notes/ is not in the repository"),
    (re.compile(r"(?<![\w-])spec/"), "spec/ is not in the repository"),
    (re.compile(r"\bDESIGN\.md\b"), "DESIGN.md is not in the repository"),
    (re.compile(r"\bSTYLE\.md\b"), "STYLE.md is not in the repository"),
    (re.compile(r"\.\./shared\b"), "../shared is outside the repository"),
    (re.compile(r"\b(?:intel-sampler|visa-encoding|image-load-store|nvidia-texture)\.md\b"),
     "a research note that is not in the repository"),
    (re.compile(r"\bnotes(?:'| visa-encoding)? ?§"), "a section of research notes that are not in the repository"),
    (re.compile(r"\b(?:3d|visa-3d|visa-media)-[a-z0-9-]*\.md\b"),
     "a seed page that is not in the repository (cite the vISA specification page)"),
    (re.compile(r"\bnvidia-tld\.txt\b|\bmesa-logical-sends-thread\b"),
     "a seed document that is not in the repository"),
]

# A section number, and the public documents with numbered sections it may belong to. A name
# may wrap onto the next line, past a comment's leader ("Khronos Data\n * Format Spec").
SECTION = re.compile(r"§+\s*\d+(?:\.\d+)*")
_W = r"(?:\s+(?:(?:\*|//+|#)\s+)?)"
SECTIONED_DOC = re.compile(
    r"\b(?:KDFS|(?:Khronos{0}){1}Data{0}Format{0}Spec(?:ification)?|D3D11|Direct3D{0}11|IEEE{0}754"
    r"|RFC ?\d{{3,4}}|PNG|KTX|Vulkan|C11|ISO{0}C|ISO/IEC 9899)\b".format(_W, "?"))
SENTENCE_END = re.compile(r"\.\s+[A-Z]")
NEAR = 80  # at most this many characters from the name (or the last number) to the number


def bare_sections(prev, prev_anchors, line):
    """The section numbers of line that follow no document name, and the anchors of line (where
    its document names and its accepted section numbers end) for the next line. A number is
    accepted when an anchor of this line or of the line before (a wrapped citation) ends at
    most NEAR characters before it, with no new sentence in between."""
    text = prev + "\n" + line
    base = len(prev) + 1
    ends = [m.end() for m in SECTIONED_DOC.finditer(text)]
    anchors = sorted(set(prev_anchors) | set(ends))
    mine = [e - base for e in ends if e > base]
    bad = []
    for m in SECTION.finditer(line):
        at = base + m.start()
        before = [a for a in anchors if a <= at]
        if before and at - before[-1] <= NEAR and not SENTENCE_END.search(text, before[-1], at):
            anchors = sorted(anchors + [base + m.end()])
            mine.append(m.end())
        else:
            bad.append(m.group(0))
    return bad, sorted(mine)


# The folders of this tree; a path starting with one of them is a citation of this tree.
TREE_DIRS = ("src", "include", "tests", "docs", "tools", "fuzz", "bench", "examples", "cmake",
             ".ci")
PATH = re.compile(r"(?<![\w./-])((?:%s)/[A-Za-z0-9_./+-]*[A-Za-z0-9_/])" %
                  "|".join(re.escape(d) for d in TREE_DIRS))
MD_LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")

# Files allowed to break a rule, each with its reason. Nothing else is left out.
ALLOWED = {
    "fuzz/corpus/fuzz_query/every_query.txt": "a fuzz seed that names a missing file on purpose",
    "tests/check_citations.py": "it names the forbidden patterns in order to find them",
}
# Single lines allowed to break a rule: (file, the whole line) -> reason.
ALLOWED_LINES = {
    ("CMakeLists.txt", 'set(TEXUNIT_CORPUS_DIR "${CMAKE_CURRENT_SOURCE_DIR}/../shared/corpus"'):
    "the default folder of the real material the corpus tests read where it is present",
}


def tracked_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], check=True,
                             capture_output=True).stdout
        return [p for p in out.decode().split("\0") if p]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, dirs, names in os.walk(root):
            rel = os.path.relpath(d, root)
            dirs[:] = [x for x in dirs if not (rel == "." and (x.startswith("build") or
                                                               x == ".git"))]
            files += [os.path.normpath(os.path.join(rel, n)) for n in names]
        return files


def exists_in_tree(root, path, tracked, tracked_dirs):
    """A path names the tree when it is a tracked file or folder (or a program built from
    one: tests/test_fast for tests/test_fast.c). A path whose parent folder is not in the
    tree (src/intel/... of Mesa, docs/hw/... of envytools) is another project's, not ours."""
    p = path.rstrip("/")
    if p.endswith("_") and any(f.startswith(p) for f in tracked):
        return True  # a prefix, as in fuzz/fuzz_*.c
    if p in tracked or p in tracked_dirs:
        return True
    if any(p + ext in tracked for ext in (".c", ".h", ".sh", ".py", ".cpp")):
        return True
    parent = os.path.dirname(p)
    if parent and parent not in tracked_dirs:
        return True  # not a path of this tree
    return os.path.exists(os.path.join(root, p))


def main():
    if len(sys.argv) != 2:
        print("usage: check_citations.py SOURCE_DIR", file=sys.stderr)
        return 2
    root = sys.argv[1]
    tracked = set(tracked_files(root))
    tracked_dirs = set()
    for f in tracked:
        d = os.path.dirname(f)
        while d:
            tracked_dirs.add(d)
            d = os.path.dirname(d)
    bad, binary = [], []
    for f in sorted(tracked):
        full = os.path.join(root, f)
        if not os.path.isfile(full):
            continue
        data = open(full, "rb").read()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = None
        if text is None or "\0" in text:
            binary.append(f)
            continue
        if f in ALLOWED:
            continue
        prev, prev_anchors = "", []
        for n, line in enumerate(text.splitlines(), 1):
            scan = re.sub(r"https?://\S+", "", line)  # a URL names its own site
            sections, anchors = bare_sections(prev, prev_anchors, scan)
            for s in sections:
                bad.append("%s:%d: '%s': a bare section number: name the public document it "
                           "belongs to" % (f, n, s))
            prev, prev_anchors = scan, anchors
            if (f, line) in ALLOWED_LINES:
                continue
            for rx, why in FORBIDDEN:
                for m in rx.finditer(scan):
                    bad.append("%s:%d: '%s': %s" % (f, n, m.group(0), why))
            for m in PATH.finditer(scan):
                if not exists_in_tree(root, m.group(1), tracked, tracked_dirs):
                    bad.append("%s:%d: '%s': no such file or folder in the tree" %
                               (f, n, m.group(1)))
            if f.endswith(".md"):
                for m in MD_LINK.finditer(scan):
                    target = m.group(1)
                    if re.match(r"[a-z]+:", target):
                        continue
                    p = os.path.normpath(os.path.join(os.path.dirname(f), target))
                    if p not in tracked and p not in tracked_dirs:
                        bad.append("%s:%d: link '%s': no such file in the tree" % (f, n, target))
    for f, why in sorted(ALLOWED.items()):
        print("allowed: %s (%s)" % (f, why))
    for (f, line), why in sorted(ALLOWED_LINES.items()):
        print("allowed: %s: %s (%s)" % (f, line, why))
    print("not scanned: %d binary files (not UTF-8 text)%s" %
          (len(binary), ": " + ", ".join(binary[:3]) + (" ..." if len(binary) > 3 else "")
           if binary else ""))
    for b in bad:
        print(b)
    print("%d files scanned, %d bad citations" % (len(tracked) - len(binary), len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
