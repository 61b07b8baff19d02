#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every output variant of `beaconsim run` read by pandas and by the notebooks' reader.

    check-output-variants.py --beaconsim BIN --out FOLDER

Runs mall-1h cut to one simulated minute (one walker ranging 200 beacons) with each combination of
the output options `make notebooks` cares about (plain, gzip, ranging count, track on changes,
no timeline, track lines listing only the beacons at or above the threshold), then reads timeline
and track with `pandas.read_json(path, lines=True, compression=...)` (explicit and inferred) and
with notebooks/beaconsim_results.py, and checks what they hold: the same rows compressed or not,
beaconCount equal to the length of the beacons list, a threshold line's beacons those of the full
line at or above the threshold.
Run by scripts/run-notebooks.sh inside the notebooks' virtual environment (needs pandas).
"""
import argparse
import pathlib
import subprocess
import sys

import pandas as pd

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "notebooks"))
import beaconsim_results as results  # noqa: E402

VARIANTS = {
    "plain": [],
    "gzip": ["--compress", "gzip"],
    "compact": ["--ranging", "count", "--track", "changes", "--track-rssi-threshold=-70", "--compress", "gzip"],
    "no-timeline": ["--no-timeline", "--track", "every", "--track-interval", "5s"],
    "threshold": ["--no-timeline", "--track", "every", "--track-heard", "threshold", "--track-rssi-threshold=-70",
                  "--compress", "gzip"],
}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--beaconsim", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    scenario = out / "mall-1min.yaml"
    scenario.write_text((ROOT / "Scenarios/bench/mall-1h.yaml").read_text().replace("duration: 3600s", "duration: 60s"))
    folders = {}
    for name, options in VARIANTS.items():
        printed = subprocess.run([args.beaconsim, "run", str(scenario), "--out", str(out / name), *options],
                                 check=True, capture_output=True, text=True).stdout
        line = next(line for line in printed.splitlines() if line.startswith("Results: "))
        folders[name] = pathlib.Path(line.split(" ")[1])
    failures = []

    def expect(condition, message):
        if not condition:
            failures.append(message)

    plain = pd.read_json(folders["plain"] / "timeline.jsonl", lines=True)
    for name, folder in folders.items():
        for kind in ("timeline", "track"):
            path = results.jsonl(folder, f"{kind}.jsonl")
            if not path.exists():
                expect(name in ("no-timeline", "threshold") and kind == "timeline", f"{name}: no {kind}")
                continue
            compression = "gzip" if path.suffix == ".gz" else None
            explicit = pd.read_json(path, lines=True, compression=compression)
            inferred = getattr(results, kind)(folder)
            expect(len(explicit) > 0 and explicit.equals(inferred), f"{name}: {kind} read differently")
    gzipped = results.timeline(folders["gzip"])
    expect(gzipped.equals(plain), "gzip: the timeline differs from the plain one")
    compact = results.timeline(folders["compact"])
    ranged = plain[plain.event == "didRangeBeacons"]
    counted = compact[compact.event == "didRangeBeacons"]
    expect(len(ranged) == len(counted) > 0, "compact: not one count record per ranging record")
    expect(list(ranged.beacons.map(len)) == list(counted.beaconCount), "compact: beaconCount is not the list's length")
    every = results.track(folders["plain"])
    changes = results.track(folders["compact"])
    expect(0 < len(changes) < len(every), "compact: the change track is not shorter than the full one")
    sparse = results.track(folders["no-timeline"])
    expect(list(sparse.t) == [5.0 * k for k in range(len(sparse))], "no-timeline: track samples are not 5 s apart")
    listed = results.track(folders["threshold"])
    expect(len(listed) == len(every), "threshold: not one line per phone and second")
    expect(all(h["maxRssi"] >= -70 for heard in listed.heard for h in heard), "threshold: a beacon below -70 dBm listed")
    expect([[(h["beacon"], h["maxRssi"]) for h in heard] for heard in listed.heard]
           == [[(h["beacon"], h["maxRssi"]) for h in heard if h["maxRssi"] >= -70] for heard in every.heard],
           "threshold: not the full lines' beacons at or above -70 dBm")
    for failure in failures:
        print(f"check-output-variants: {failure}", file=sys.stderr)
    print(f"output variants: {len(VARIANTS)} read by pandas and the notebooks' reader, "
          f"{'all as expected' if not failures else f'{len(failures)} problems'}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
