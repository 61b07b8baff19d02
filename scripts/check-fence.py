#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Holds the fence around the fast kernel: the techniques that trade the compiler's checks for
speed or reach below Swift's memory model live in the synthetic medium's room
(Sources/BeaconSim/SyntheticMedium), and nowhere else in Sources bar the files named below. Inside
the room, unsafe pointers and cache hints go through its one handle type (`_UnsafeHandle.swift`).

Usage: scripts/check-fence.py [--count]   (from the package root; part of `make lint`. Exits 1 and
lists each technique found where it may not be; --count prints the counts per file, inside and
outside the room.)

JUSTIFIED names the files outside the room that may use them: C interoperability (GSL, POSIX,
zlib) and byte buffers handed to C or the kernel, where unsafe pointers are the interface itself;
each with its reason. Every other file outside the room may use none.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
ROOM = "Sources/BeaconSim/SyntheticMedium/"
HANDLE = ROOM + "_UnsafeHandle.swift"
# Inside the room, only the handle touches memory through pointers or hints the processor.
HANDLE_ONLY = {"unsafe pointer", "prefetch"}
TECHNIQUES = {
    "@exclusivity(unchecked)": re.compile(r"@exclusivity\(unchecked\)"),
    "unsafe pointer": re.compile(r"\b(with)?Unsafe(Mutable)?(Raw)?(Buffer)?(Pointer|Bytes)\b|\bwithUnsafe(Mutable)?(Raw)?(Buffer)?(Pointer|Bytes)\b|\bwithUnsafeTemporaryAllocation\b"),
    "Unmanaged": re.compile(r"\bUnmanaged\b|_withUnsafeGuaranteedRef"),
    "@inline": re.compile(r"@inline\("),
    "unchecked subscript": re.compile(r"\[unchecked:"),
    "prefetch": re.compile(r"\bbeaconsim_prefetch\b|\bimport CPrefetch\b"),
}

JUSTIFIED = {
    "Sources/Stochastics/ZigguratTable.swift": "reads GSL's ziggurat tables out of the C library",
    "Sources/Stochastics/CounterStream.swift": "hands its 24-byte state to GSL's C generator",
    "Sources/Stochastics/SampleSummary.swift": "GSL's quantile and statistics functions take C arrays",
    "Sources/Stochastics/NonlinearLeastSquares.swift": "GSL's multifit_nlinear callbacks take C pointers",
    "Sources/HCILive/_POSIX.swift": "POSIX read/write/ioctl on file descriptors",
    "Sources/HCILive/_FileDescriptorTransport.swift": "POSIX read/write on the transport's descriptor",
    "Sources/Reporting/GzipStream.swift": "zlib's z_stream reads and writes C buffers",
    "Sources/Reporting/ResultText.swift": "zlib's inflate reads and writes C buffers",
    "Sources/Reporting/JSONBytes.swift": "the writers' byte buffer, appended to without a copy per field",
    "Sources/Reporting/ResultFile.swift": "writes the byte buffer to its file descriptor",
    "Sources/AtomicWrites/AtomicFileWriter.swift": "hands the result writers' byte chunks to the file without a copy",
    "Sources/ScenarioFormat/Loading/_YAMLPrescan.swift": "scans the file's bytes before Yams parses them",
    "Sources/ScenarioFormat/RegularFile.swift": "POSIX read on the opened descriptor",
    "Sources/BeaconSimKit/_UUIDBridging.swift": "Foundation's UUID bytes as a tuple",
}

def sites(text):
    """(line number, technique) for each use in `text`, comments left out."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        code = line.split("//", 1)[0]
        for name, pattern in TECHNIQUES.items():
            found += [(number, name)] * len(pattern.findall(code))
    return found


def main():
    counting = "--count" in sys.argv[1:]
    problems, inside, outside = [], 0, {}
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        relative = path.relative_to(ROOT).as_posix()
        found = sites(path.read_text(encoding="utf-8"))
        if not found:
            continue
        if relative.startswith(ROOM):
            inside += len(found)
            if relative != HANDLE:
                problems += [f"{relative}:{number}: error: {name} in the room outside its handle type ({HANDLE})"
                             for number, name in found if name in HANDLE_ONLY]
            continue
        outside[relative] = len(found)
        if relative not in JUSTIFIED:
            problems += [f"{relative}:{number}: error: {name} outside the kernel's room ({ROOM}) in a file "
                         f"scripts/check-fence.py does not name as justified" for number, name in found]
    problems += [f"scripts/check-fence.py: error: {relative} is named as justified but uses none of the techniques"
                 for relative in JUSTIFIED if relative not in outside]
    if counting:
        justified = sum(n for f, n in outside.items() if f in JUSTIFIED)
        unjustified = sum(n for f, n in outside.items() if f not in JUSTIFIED)
        print(f"inside the room: {inside}; outside: {justified} justified (C interop, byte buffers), "
              f"{unjustified} not justified")
        for relative, count in sorted(outside.items()):
            print(f"  {count:3} {relative}{'  (justified)' if relative in JUSTIFIED else ''}")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
