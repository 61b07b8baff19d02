#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Default hearing range per environment preset: the distance at which a 0 dBm beacon in open
space is first heard, over 200 walks, written into docs/radio-model.md between the
`hearing-range` markers.

Each walk: one beacon, no walls, a phone in hand (facing the beacon) walking straight at it at
1.2 m/s from 990 m away, app in the foreground ranging on iOS (continuous scanning). The
distance is the claim metric `firstHeardDistance` (the plan distance at the first packet of the
first didEnterRegion), read from `beaconsim check`'s replications.jsonl.

Usage: scripts/hearing-range.py [--beaconsim PATH] [--replications N] [--check-only]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

PRESETS = ["freeSpace", "retail", "grocery", "office", "home", "industrial", "corridor", "explicitWalls"]
BEGIN, END = "<!-- hearing-range:begin -->", "<!-- hearing-range:end -->"

SCENARIO = """schemaVersion: 1
name: hearing-{preset}
duration: 15m
replications: {replications}
venue: {{ size: [1000, 20], environment: {preset} }}
beacons:
  - {{ name: beacon, ibeacon: {{ uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 7, minor: 1 }}, position: [10, 10], txPower: 0 }}
phones:
  - name: walker
    os: ios
    carry: hand
    app:
      state: foreground
      ranging: true
      regions: [{{ name: beacon, uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 7 }}]
    path:
      - {{ position: [990, 10] }}
      - {{ position: [10, 10], speed: 1.2 }}
expect:
  - {{ region: beacon, metric: firstHeardDistance, count: ">= 0" }}
"""


def quantile(values, q):
    """The type-7 sample quantile (what GSL's gsl_stats_quantile_from_sorted_data gives)."""
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def distances(beaconsim, preset, replications, work):
    path = os.path.join(work, f"hearing-{preset}.yaml")
    with open(path, "w") as file:
        file.write(SCENARIO.format(preset=preset, replications=replications))
    out = os.path.join(work, "results")
    subprocess.run([beaconsim, "check", path, "--out", out], check=True, capture_output=True, text=True)
    folder = os.path.join(out, f"hearing-{preset}")
    latest = sorted(os.listdir(folder))[-1]
    values = []
    with open(os.path.join(folder, latest, "replications.jsonl")) as file:
        for line in file:
            for region in json.loads(line)["regions"]:
                values += region.get("latencies", {}).get("firstHeardDistance", [])
    return values


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--beaconsim", default=".build/debug/beaconsim")
    parser.add_argument("--replications", type=int, default=200)
    parser.add_argument("--doc", default="docs/radio-model.md")
    args = parser.parse_args()
    rows = ["| preset | n (to breakpoint, beyond) | σ (dB) | median (m) | p99 (m) | max (m) | heard in |",
            "|---|---|---|---|---|---|---|"]
    presets = json.loads(subprocess.run([args.beaconsim, "profiles", "--environments", "--json"], check=True,
                                        capture_output=True, text=True).stdout)
    with tempfile.TemporaryDirectory() as work:
        for preset in PRESETS:
            values = distances(args.beaconsim, preset, args.replications, work)
            info = presets[preset]
            slope = f"{info['pathLossExponent']:g}"
            if info["breakpointDistance"] > 0:
                slope += f" to {info['breakpointDistance']:g} m, {info['farPathLossExponent']:g}"
            rows.append(f"| `{preset}` | {slope} | {info['shadowingSigma']:g} | {quantile(values, 0.5):.0f} | "
                        f"{quantile(values, 0.99):.0f} | {max(values):.0f} | {len(values)}/{args.replications} |")
            print(rows[-1], file=sys.stderr)
    table = "\n".join(rows)
    with open(args.doc) as file:
        text = file.read()
    if BEGIN not in text or END not in text:
        sys.exit(f"{args.doc}: no {BEGIN} … {END} markers")
    text = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), BEGIN + "\n" + table + "\n" + END, text, flags=re.S)
    with open(args.doc, "w") as file:
        file.write(text)
    print(table)


if __name__ == "__main__":
    main()
