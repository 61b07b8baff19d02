#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Regenerates the model's figures in docs/calibration.md and README.md from the code.

Runs `beaconsim check` on the calibration scenarios, `beaconsim sweep` on the profile comparison
and `beaconsim check` on the C2 claim, reads the results folders they write (replications.jsonl,
sweep.json) and rewrites the blocks between `<!-- BEGIN generated: NAME -->` and
`<!-- END generated: NAME -->` markers. The published figures, sources and verdicts are data in
this file; every BeaconSim number is computed here from the replications.

    scripts/calibration-figures.py [--beaconsim .build/debug/beaconsim] [--out DIR [--reuse]] [--check]

--check rewrites nothing and exits 1 when a generated block differs from the files (CI use);
--reuse reads the results an earlier run left in --out instead of running the simulations again.
Only the standard library is used.
"""
import argparse
import json
import math
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


# ---- statistics (as beaconsim computes them) ----------------------------------------------------

def quantile(sorted_values, p):
    """GSL's gsl_stats_quantile_from_sorted_data: linear interpolation at (n − 1)·p."""
    if not sorted_values:
        return math.nan
    position = (len(sorted_values) - 1) * p
    low = math.floor(position)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (position - low) * (sorted_values[high] - sorted_values[low])


def t_quantile(p, df):
    """Student-t quantile by the Cornish–Fisher expansion (exact to ~1e-4 for df ≥ 10)."""
    z = normal_quantile(p)
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))


def normal_quantile(p):
    """Inverse standard normal CDF (Acklam's rational approximation, relative error < 1.2e-9)."""
    a = [-3.969683028665376e01, 2.209460984245205e02, -2.759285104469687e02, 1.383577518672690e02,
         -3.066479806614716e01, 2.506628277459239e00]
    b = [-5.447609879822406e01, 1.615858368580409e02, -1.556989798598866e02, 6.680131188771972e01,
         -1.328068155288572e01]
    c = [-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e00, -2.549732539343734e00,
         4.374664141464968e00, 2.938163982698783e00]
    d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e00, 3.754408661907416e00]
    if p < 0.02425:
        q = math.sqrt(-2 * math.log(p))
        return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / \
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    if p > 1 - 0.02425:
        return -normal_quantile(1 - p)
    q = p - 0.5
    r = q * q
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q / \
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)


def mean_interval(values):
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = t_quantile(0.975, n - 1) * sd / math.sqrt(n) if n > 1 else 0.0
    return mean, mean - half, mean + half


def wilson(successes, trials, z=1.959963984540054):
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return p, max(0.0, centre - half), min(1.0, centre + half)


# ---- results --------------------------------------------------------------------------------------

class Results:
    """The replications of one scenario (or one sweep point), per region and metric."""

    def __init__(self, records):
        self.records = records

    def samples(self, region, metric):
        return sorted(value for record in self.records for entry in record["regions"]
                      if entry.get("region") == region for value in entry["latencies"].get(metric, []))

    def count_rate(self, region, metric):
        counted = sum(entry["counts"].get(metric, 0) for record in self.records for entry in record["regions"]
                      if entry.get("region") == region)
        chances = sum(entry["opportunities"].get(metric, 0) for record in self.records
                      for entry in record["regions"] if entry.get("region") == region)
        return counted, chances

    def per_run_mean(self, region, metric):
        counts = [sum(entry["counts"].get(metric, 0) for entry in record["regions"] if entry.get("region") == region)
                  for record in self.records]
        return sum(counts) / len(counts)

    @property
    def runs(self):
        return len(self.records)


def newest_folder(out, name):
    folders = sorted((out / name).glob("*/replications.jsonl"))
    if not folders:
        sys.exit(f"calibration-figures: no results for {name} in {out}")
    return folders[-1].parent


def read_records(folder):
    return [json.loads(line) for line in (folder / "replications.jsonl").read_text().splitlines() if line.strip()]


def run(command):
    print("$ " + " ".join(command), file=sys.stderr)
    completed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if completed.returncode not in (0, 1):
        sys.exit(f"calibration-figures: {' '.join(command)} exited {completed.returncode}\n{completed.stderr}")
    return completed.stdout


def scenario_name(path):
    match = re.search(r"^name:\s*(\S+)", (ROOT / "Scenarios" / path).read_text(), re.M)
    return match.group(1)


# ---- formatting -----------------------------------------------------------------------------------

def s(value, digits=1):
    return f"{value:.{digits}f} s"


def mean_ci(values, digits=1):
    mean, low, high = mean_interval(values)
    return f"mean {s(mean, digits)} (95 % CI {low:.{digits}f}–{high:.{digits}f})"


def spread(values, digits=3):
    return f"min {s(values[0], digits)}, max {s(values[-1], digits)}, mean {s(sum(values) / len(values), digits)}"


# ---- the tables -----------------------------------------------------------------------------------

def ios_entry(r):
    v = r.samples("dot", "entryLatencyFromFirstPacket")
    return f"{mean_ci(v)}, min {s(v[0], 2)}, max {s(v[-1], 2)}; none exactly at 1 s or 15 s"


def ios_exit_locked(r):
    v = r.samples("dot", "exitLatencyFromPowerOff")
    missed, chances = r.count_rate("dot", "missedExits")
    rate, low, high = wilson(missed, chances)
    return (f"{mean_ci(v)} after power-off, p99 {quantile(v, 0.99):.0f} s, "
            f"{100 * rate:.1f} % never delivered (CI {100 * low:.1f}–{100 * high:.1f} %; {r.runs} seeds)")


def ios_exit_rule(r):
    return f"min {s(r.samples('dot', 'exitLatencyFromLastPacket')[0])} after the last packet"


def ios_ranging(r):
    entry = r.samples("exhibit", "entryLatencyFromFirstPacket")
    interval = r.samples("exhibit", "rangingInterval")
    return f"entry max {s(entry[-1], 3)}; intervals {s(interval[0], 3)}–{s(interval[-1], 3)}"


def ios70(r):
    v = r.samples("office", "entryLatencyFromZone")
    return f"entry up to {v[-1] / 60:.1f} min after the zone crossing, mean {sum(v) / len(v) / 60:.1f} min"


def abl_foreground_exit(r):
    v = r.samples("counter", "exitLatencyFromLastPacket")
    return f"{v[0]:.2f}–{v[-1]:.2f} s after the last packet"


def power_off_spread(r):
    return spread(r.samples("counter", "exitLatencyFromPowerOff")) + " after the power-off"


def abl8_job(r):
    v = r.samples("desk", "exitLatencyFromPowerOff")
    return f"median {quantile(v, 0.5):.0f} s, mean {sum(v) / len(v):.0f} s, max {v[-1]:.0f} s after power-off"


def screen_on(r):
    return spread(r.samples("shop", "stateLatencyFromScreenOn")) + " after the screen-on"


def sweep_exit(profile):
    def figure(points):
        v = points[profile].samples("store", "exitLatencyFromLastPacket")
        return f"mean {s(sum(v) / len(v))} after the last packet"
    return figure


SWEEP = "profiles/store-exit-by-os.yaml"

MEASUREMENTS = [
    ("iOS background entry, locked, iPhone 5+", "means 1–7 s, range 1–15 s", "Radius 2015 / 2017, H (§1.2)",
     "calibration/ios-background-entry.yaml", ios_entry,
     "reproduced; a log-normal truncated to the range (no pile-up at the limits)"),
    ("iOS exit, locked", "means 35–42 s; some > 2 min; some never delivered", "Radius 2015 / 2017, H (§1.1)",
     "calibration/ios-exit-locked.yaml", ios_exit_locked,
     "reproduced; the 2015 tests lost far more exits (18 of 33) than the 2017 ones (\"some\"): the 5 % default is "
     "a parameter (`missedExitProbability`)"),
    ("iOS exit rule", "30 s after the last sighting", "Estimote KB, M (§1.1)",
     "calibration/ios-exit-locked.yaml", ios_exit_rule, "reproduced"),
    ("iOS foreground ranging", "entry ≤ 1 s; callbacks at 1 Hz", "Young 2013, H (§1.2–1.3)",
     "calibration/ios-foreground-ranging-entry.yaml", ios_ranging, "reproduced"),
    ("iOS foreground exit after a power-off", "30 s after the last sighting, at a 1 s cycle",
     "Estimote KB, M; SO 28255475, H (§1.1, §1.3)", "calibration/ios-foreground-power-off.yaml", power_off_spread,
     "reproduced; spread over the phone's 1 s cycle"),
    ("iOS screen-on state", "≈ 1 s after screen-on", "Young 2013, H (§1.6)", "claims/c08-screen-on-inside.yaml",
     screen_on, "reproduced; at the next 1 s processing cycle"),
    ("iOS 7.0 / no hardware assist", "up to ~15 min", "Young 2013, Radius 2014, H (§1.2)",
     "claims/c05-ios70-periodic-scan.yaml", ios70, "reproduced"),
    ("Android Beacon Library, foreground exit", "10 s exit period + up to one 1.1 s cycle", "ABL constants, H (§2.1)",
     "calibration/android-abl-foreground-exit.yaml", abl_foreground_exit, "reproduced"),
    ("Android Beacon Library, foreground exit after a power-off", "10 s + up to one 1.1 s cycle",
     "ABL constants, H (§2.1)", "calibration/android-abl-foreground-power-off.yaml", power_off_spread,
     "reproduced; spread over the phone's 1.1 s cycle"),
    ("Android 8+ job scheduler", "disappearance typ. 450 s, max 1500 s", "ABL detection-times doc, H (§2.3)",
     "calibration/android-abl8-job-exit.yaml", abl8_job, "reproduced"),
    ("Android 8+ foreground service", "disappearance 30 s / 30 s", "ABL detection-times doc, H (§2.3)",
     "calibration/android-abl-fgs-power-off.yaml", power_off_spread, "reproduced; spread over the 1.1 s cycle"),
    ("Android 8+ foreground service, a store visit", "disappearance 30 s / 30 s", "ABL detection-times doc, H (§2.3)",
     SWEEP + " (sweep)", sweep_exit("android-abl-8-fgs"), "reproduced"),
    ("Android 5–7 background", "≤ 300 s + 10 s", "ABL constants (derived, §5)", SWEEP + " (sweep)",
     sweep_exit("android-abl"), "consistent"),
]

PROFILES = [
    ("ios", "`ios` (iOS 13+, hardware-assisted)"),
    ("ios-7.0", "`ios-7.0` (no hardware assist, 15-min scans)"),
    ("android-abl", "`android-abl` (Android Beacon Library, Android 5–7)"),
    ("android-abl-8", "`android-abl-8` (Android 8+, job scheduler)"),
    ("android-abl-8-fgs", "`android-abl-8-fgs` (Android 8+, foreground service)"),
    ("nearby", "`nearby` (historical: Google Nearby Messages, shut down for beacons 2021-04-01, removed end of 2023; "
               "background scans at screen-on only)"),
]


def measurements_table(results, points):
    lines = ["| behaviour | published figure | source (behaviour.md) | BeaconSim | scenario | verdict |",
             "|---|---|---|---|---|---|"]
    for behaviour, published, source, scenario, figure, verdict in MEASUREMENTS:
        value = figure(points) if scenario.endswith("(sweep)") else figure(results[scenario])
        shown = f"`{scenario.replace(' (sweep)', '')}` (sweep)" if scenario.endswith("(sweep)") else f"`{scenario}`"
        lines.append(f"| {behaviour} | {published} | {source} | {value} | {shown} | {verdict} |")
    return "\n".join(lines)


def profiles_table(points):
    lines = ["| profile | didEnterRegion per visit | didExitRegion after the last packet (mean) |", "|---|---:|---:|"]
    for profile, label in PROFILES:
        r = points[profile]
        exits = r.samples("store", "exitLatencyFromLastPacket")
        entries = r.per_run_mean("store", "entries")
        exit_text = f"{sum(exits) / len(exits):.0f} s" if exits else "— (no exit)"
        if profile == "nearby" and not exits:
            exit_text = "— (the screen never lights)"
        lines.append(f"| {label} | {entries:.2g} | {exit_text} |")
    return "\n".join(lines)


def check_example(stdout):
    kept = [line.split("  Scenarios/")[0].rstrip() for line in stdout.splitlines()
            if line.strip() and not line.strip().startswith("→") and "passed," not in line]
    kept = [re.sub(r", [0-9.]+ s\)$", ")", line) for line in kept]  # wall time varies; the figures do not
    return "```\n$ beaconsim check Scenarios/claims/c02-exit-after-power-off.yaml\n" + "\n".join(kept) + "\n```"


def replace_block(text, name, content):
    pattern = re.compile(rf"(<!-- BEGIN generated: {name} -->\n).*?(\n<!-- END generated: {name} -->)", re.S)
    if not pattern.search(text):
        sys.exit(f"calibration-figures: no '{name}' block")
    return pattern.sub(lambda m: m.group(1) + content + m.group(2), text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--beaconsim", default=str(ROOT / ".build/debug/beaconsim"))
    parser.add_argument("--out", help="results folder (default: a new temporary one)")
    parser.add_argument("--check", action="store_true", help="compare instead of rewriting; exit 1 on a difference")
    parser.add_argument("--reuse", action="store_true", help="read the results already in --out instead of running")
    args = parser.parse_args()
    if args.reuse and not args.out:
        parser.error("--reuse needs --out")
    out = Path(args.out or tempfile.mkdtemp(prefix="calibration-figures-"))
    run_or_reuse = (lambda command: None) if args.reuse else run

    scenarios = sorted({row[3] for row in MEASUREMENTS if not row[3].endswith("(sweep)")})
    run_or_reuse([args.beaconsim, "check", *[f"Scenarios/{path}" for path in scenarios], "--out", str(out)])
    results = {path: Results(read_records(newest_folder(out, scenario_name(path)))) for path in scenarios}

    run_or_reuse([args.beaconsim, "sweep", f"Scenarios/{SWEEP}", "--out", str(out)])
    folder = newest_folder(out, scenario_name(SWEEP))
    sweep = json.loads((folder / "sweep.json").read_text())
    by_point = {}
    for record in read_records(folder):
        by_point.setdefault(record["point"], []).append(record)
    points = {}
    for index, point in enumerate(sweep["points"]):
        profile = point["settings"]["phones.*.os"]
        points[profile] = Results(by_point.get(point.get("point", index), []))

    example_file = out / "c02-check-output.txt"
    if not args.reuse or not example_file.exists():
        example_file.write_text(
            run([args.beaconsim, "check", "Scenarios/claims/c02-exit-after-power-off.yaml", "--out", str(out)]))
    example = example_file.read_text()

    changed = []
    for path, blocks in [
        (ROOT / "docs/calibration.md", [("measurements", measurements_table(results, points))]),
        (ROOT / "README.md", [("profiles", profiles_table(points)), ("check-example", check_example(example))]),
    ]:
        text = path.read_text()
        updated = text
        for name, content in blocks:
            updated = replace_block(updated, name, content)
        if updated != text:
            changed.append(path.relative_to(ROOT))
            if not args.check:
                path.write_text(updated)
    verb = "differ" if args.check else "rewritten"
    print(f"calibration-figures: {', '.join(map(str, changed)) or 'nothing'} {verb} (results in {out})")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
