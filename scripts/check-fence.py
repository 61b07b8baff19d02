#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Holds the fence around the fast kernel: the techniques that trade the compiler's checks for
speed or reach below Swift's memory model live in the synthetic medium's room
(Sources/BeaconSim/SyntheticMedium), and nowhere else in Sources bar the files named below.

Usage: scripts/check-fence.py [--count]   (from the package root; part of `make lint`. Exits 1 and
lists each technique found outside the room in a file not named below, or more of them than the
file is allowed; --count prints the counts per file, inside and outside the room.)

Two lists name the files outside the room that may use them:
- JUSTIFIED: C interoperability (GSL, POSIX, zlib) and byte buffers handed to C or the kernel,
  where unsafe pointers are the interface itself; each with its reason.
- NOT_YET_FENCED: hot-path sites issue 28 means to move into the room, each file with the number
  of sites it has today. The count may only fall (lower it here when a site moves); a file not
  listed may use none.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
ROOM = "Sources/BeaconSim/SyntheticMedium/"
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
    "Sources/Reporting/ResultText.swift": "zlib's inflate reads a gzip result file's C buffers",
    "Sources/Reporting/JSONBytes.swift": "the writers' byte buffer, appended to without a copy per field",
    "Sources/Reporting/ResultFile.swift": "writes the byte buffer to its file descriptor",
    "Sources/ScenarioFormat/Loading/_YAMLPrescan.swift": "scans the file's bytes before Yams parses them",
    "Sources/ScenarioFormat/Loading/_SourceFile.swift": "decodes the file's bytes once",
    "Sources/ScenarioFormat/RegularFile.swift": "POSIX read on the opened descriptor",
    "Sources/BeaconSimKit/_UUIDBridging.swift": "Foundation's UUID bytes as a tuple",
}

NOT_YET_FENCED = {
    "Sources/BeaconSim/BeaconDevice.swift": 5,
    "Sources/BeaconSim/PhoneDevice.swift": 7,
    "Sources/BeaconSim/Trajectory.swift": 2,
    "Sources/BeaconSim/World.swift": 3,
    "Sources/PhoneModel/RegionMonitor+Packets.swift": 1,
    "Sources/RadioPropagation/BodyLossModel.swift": 1,
    "Sources/RadioPropagation/PlanPolygon.swift": 1,
    "Sources/RadioPropagation/PropagationModel.swift": 1,
    "Sources/RadioPropagation/RadioLink.swift": 3,
    "Sources/RadioPropagation/WallLossProfile.swift": 2,
    "Sources/SimulationCore/SourceCalendar+Storage.swift": 15,
    "Sources/SimulationCore/SourceQueue.swift": 4,
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
            continue
        outside[relative] = len(found)
        if relative in JUSTIFIED:
            continue
        allowed = NOT_YET_FENCED.get(relative, 0)
        if len(found) > allowed:
            for number, name in found:
                problems.append(f"{relative}:{number}: error: {name} outside the kernel's room ({ROOM}); "
                                f"{allowed} allowed in this file by scripts/check-fence.py")
    for relative, allowed in NOT_YET_FENCED.items():
        if outside.get(relative, 0) < allowed:
            problems.append(f"scripts/check-fence.py: error: {relative} now has {outside.get(relative, 0)} "
                            f"sites, not {allowed}: lower its count in NOT_YET_FENCED")
    if counting:
        justified = sum(n for f, n in outside.items() if f in JUSTIFIED)
        pending = sum(n for f, n in outside.items() if f not in JUSTIFIED)
        print(f"inside the room: {inside}; outside: {justified} justified (C interop, byte buffers), "
              f"{pending} not yet fenced")
        for relative, count in sorted(outside.items()):
            print(f"  {count:3} {relative}{'  (justified)' if relative in JUSTIFIED else ''}")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
