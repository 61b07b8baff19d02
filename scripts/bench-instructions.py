#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Instruction counts of BeaconSim's simulation loop, which do not vary with the host's speed.

    bench-instructions.py                        the release build
    bench-instructions.py --base OTHER_BINARY    the release build against another beaconsim

CPU times on a shared machine vary by a third from run to run, more than most single changes to
the loop; `valgrind --tool=callgrind` counts the instructions executed, the same on every run.
For each case it counts `beaconsim bench` of the scenario and of the same scenario cut to one
simulated second, and prints the difference (the simulation, without parsing and building) per
link-packet. Cases: mall-1h cut to 10 simulated minutes, and a crowd of 100 shoppers for 20 s
(scripts/make-bench-scenario.py). The binaries are run from copies without debug information
(valgrind cannot read Swift's). The crowd's 20 s are its start, when the shoppers walk; later
they mostly dwell in shops, so a change to the dwell path shows better in a longer cut. Instructions
are not time (a change can also move cache misses); `make bench` has the times. Needs valgrind
(about a minute per binary).
"""
import argparse
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
GENERATE = ROOT / "scripts" / "make-bench-scenario.py"


def scenarios(folder):
    """The cases as (name, scenario, the same cut to one simulated second, phones): a packet counts
    once per phone that could hear it, as in `make bench`."""
    mall = (ROOT / "Scenarios/bench/mall-1h.yaml").read_text()
    files = {}
    for seconds in (600, 1):
        files["mall", seconds] = folder / f"mall-{seconds}s.yaml"
        files["mall", seconds].write_text(mall.replace("duration: 3600s", f"duration: {seconds}s"))
    for seconds in (20, 1):
        files["crowd", seconds] = folder / f"crowd-{seconds}s.yaml"
        subprocess.run([sys.executable, str(GENERATE), "crowd", "--phones", "100", "--seconds", str(seconds),
                        "--out", str(files["crowd", seconds])], check=True, stdout=subprocess.DEVNULL)
    return [("mall-1h, 600 simulated s", files["mall", 600], files["mall", 1], 1),
            ("crowd, 100 phones, 20 simulated s", files["crowd", 20], files["crowd", 1], 100)]


def instructions(binary, scenario):
    """Instructions callgrind counts for `beaconsim bench scenario`, and the packets it sent."""
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", str(binary), "bench",
                             str(scenario), "--json"], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"bench-instructions: {binary} bench {scenario} failed:\n{result.stderr}")
    collected = re.search(r"Collected : (\d+)", result.stderr)
    packets = re.search(r'"packets":(\d+)', result.stdout)
    if not collected or not packets:
        sys.exit(f"bench-instructions: no count in valgrind's output:\n{result.stderr}")
    return int(collected.group(1)), int(packets.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--beaconsim", default=str(ROOT / ".build/release/beaconsim"))
    parser.add_argument("--base", help="another beaconsim binary to compare with")
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
        print("| case | binary | simulation instructions | per link-packet |")
        print("|---|---|---:|---:|")
        for name, scenario, second, phones in scenarios(folder):
            counts = {}
            for label, copy in copies:
                whole, packets = instructions(copy, scenario)
                setup, first = instructions(copy, second)
                counts[label] = whole - setup
                print(f"| {name} | {label} | {(whole - setup) / 1e9:.3f} G | {(whole - setup) / ((packets - first) * phones):.1f} |")
            if "base" in counts:
                print(f"| {name} | this / base | {counts['this'] / counts['base']:.3f} | |")


if __name__ == "__main__":
    main()
