#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Instruction counts of BeaconSim's simulation loop, which do not vary with the host's speed.

    bench-instructions.py                        the release build
    bench-instructions.py --base OTHER_BINARY    the release build against another beaconsim
    bench-instructions.py --check                fails (exit 1) when a case exceeds its checked-in
                                                 threshold (Benchmarks/Thresholds/<case>.json)
    bench-instructions.py --record               writes the thresholds from this build

CPU times on a shared machine vary by a third from run to run, more than most single changes to
the loop; `valgrind --tool=callgrind` counts the instructions executed, the same on every run.
For each case it counts `beaconsim bench` of the scenario and of the same scenario cut to one
simulated second, and prints the difference (the simulation, without parsing and building) per
link-packet. Cases: mall-1h cut to 10 simulated minutes, and a crowd of 100 shoppers for 20 s
(scripts/make-bench-scenario.py), each with `bench` (the simulation) and with `run` writing its
outputs (what a user waits for: recording, metrics and the writers): mall-1h with every output, and
100 ranging shoppers for 20 s with a crowd's default outputs. A threshold is the count recorded
with `--record` plus a tolerance (3 %: instruction counts repeat exactly on one toolchain, but a
new toolchain or library moves them a little); `make bench-check` fails on a case above it. The binaries are run from copies without debug information
(valgrind cannot read Swift's). The crowd's 20 s are its start, when the shoppers walk; later
they mostly dwell in shops, so a change to the dwell path shows better in a longer cut. Instructions
are not time (a change can also move cache misses); `make bench` has the times. Needs valgrind
(about a minute per binary).
"""
import argparse
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
GENERATE = ROOT / "scripts" / "make-bench-scenario.py"


THRESHOLDS = ROOT / "Benchmarks" / "Thresholds"
TOLERANCE = 0.03


def scenarios(folder):
    """The cases as (id, name, command, scenario, the same cut to one simulated second, phones): a
    packet counts once per phone that could hear it, as in `make bench`."""
    mall = (ROOT / "Scenarios/bench/mall-1h.yaml").read_text()
    files = {}
    for seconds in (600, 1):
        files["mall", seconds] = folder / f"mall-{seconds}s.yaml"
        files["mall", seconds].write_text(mall.replace("duration: 3600s", f"duration: {seconds}s"))
    for case in ("crowd", "ranging-crowd"):
        for seconds in (20, 1):
            files[case, seconds] = folder / f"{case}-{seconds}s.yaml"
            subprocess.run([sys.executable, str(GENERATE), case, "--phones", "100", "--seconds", str(seconds),
                            "--out", str(files[case, seconds])], check=True, stdout=subprocess.DEVNULL)
    return [("mall-1h-bench", "mall-1h, 600 simulated s, bench", "bench", files["mall", 600], files["mall", 1], 1),
            ("crowd-100-bench", "crowd, 100 phones, 20 simulated s, bench", "bench", files["crowd", 20],
             files["crowd", 1], 100),
            ("mall-1h-run", "mall-1h, 600 simulated s, run with every output", "run", files["mall", 600],
             files["mall", 1], 1),
            ("ranging-crowd-100-run", "ranging crowd, 100 phones, 20 simulated s, run (default outputs)", "run",
             files["ranging-crowd", 20], files["ranging-crowd", 1], 100)]


def instructions(binary, command, scenario, folder):
    """Instructions callgrind counts for `beaconsim bench|run scenario`, and the packets it sent."""
    out = ["--out", str(folder / "results")] if command == "run" else []
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", str(binary), command,
                             str(scenario), "--json", *out], capture_output=True, text=True)
    if result.returncode not in (0, 1):  # run exits 1 when a claim fails; the bench scenarios have none
        sys.exit(f"bench-instructions: {binary} {command} {scenario} failed:\n{result.stderr}")
    collected = re.search(r"Collected : (\d+)", result.stderr)
    packets = re.search(r'"(?:packets|packetsSent)":(\d+)', result.stdout)
    if not collected or not packets:
        sys.exit(f"bench-instructions: no count in valgrind's output:\n{result.stderr}")
    return int(collected.group(1)), int(packets.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--beaconsim", default=str(ROOT / ".build/release/beaconsim"))
    parser.add_argument("--base", help="another beaconsim binary to compare with")
    parser.add_argument("--check", action="store_true", help="fail when a case exceeds its checked-in threshold")
    parser.add_argument("--record", action="store_true", help="write the thresholds (Benchmarks/Thresholds) from this build")
    parser.add_argument("--only", action="append", default=[], help="measure only this case id (repeatable)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("bench-instructions: needs valgrind (apt install valgrind)")
    with tempfile.TemporaryDirectory(prefix="beaconsim-instructions-") as temporary:
        folder = pathlib.Path(temporary)
        binaries = [("this", args.beaconsim)] + ([("base", args.base)] if args.base else [])
        copies = []
        for label, binary in binaries:
            copy = folder / f"beaconsim-{label}"
            subprocess.run(["strip", "--strip-debug", "-o", str(copy), binary], check=True)
            copies.append((label, copy))
        print("| case | binary | instructions beyond the first simulated second | per link-packet | threshold |")
        print("|---|---|---:|---:|---:|")
        failures = []
        for case, name, command, scenario, second, phones in scenarios(folder):
            if args.only and case not in args.only:
                continue
            counts = {}
            threshold_file = THRESHOLDS / f"{case}.json"
            stored = json.loads(threshold_file.read_text()) if threshold_file.exists() else None
            for label, copy in copies:
                whole, packets = instructions(copy, command, scenario, folder)
                setup, first = instructions(copy, command, second, folder)
                counts[label] = whole - setup
                limit = stored["instructions"] * (1 + stored["tolerance"]) if stored else None
                verdict = "-" if limit is None else f"{limit / 1e9:.3f} G " + ("ok" if whole - setup <= limit else "EXCEEDED")
                print(f"| {name} | {label} | {(whole - setup) / 1e9:.3f} G | "
                      f"{(whole - setup) / ((packets - first) * phones):.1f} | {verdict} |")
                if label == "this" and limit is not None and whole - setup > limit:
                    failures.append(f"{case}: {(whole - setup) / 1e9:.3f} G instructions > threshold {limit / 1e9:.3f} G "
                                    f"({stored['instructions'] / 1e9:.3f} G + {stored['tolerance']:.0%})")
            if args.check and stored is None:
                failures.append(f"{case}: no threshold in {threshold_file.relative_to(ROOT)}")
            if "base" in counts:
                print(f"| {name} | this / base | {counts['this'] / counts['base']:.3f} | | |")
            if args.record:
                THRESHOLDS.mkdir(parents=True, exist_ok=True)
                threshold_file.write_text(json.dumps({
                    "case": name, "instructions": counts["this"], "tolerance": TOLERANCE,
                    "note": "valgrind --tool=callgrind; recorded by scripts/bench-instructions.py --record "
                            "(x86_64 Linux, Swift 6.3); raise only with a reason in the commit"}, indent=2) + "\n")
        if args.check and failures:
            print()
            for failure in failures:
                print(f"bench-instructions: regression: {failure}", file=sys.stderr)
            sys.exit(1)


if __name__ == "__main__":
    main()
