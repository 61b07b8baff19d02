#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Scores `beaconsim predict` output against the survey rows it was made from, independently of
BeaconSim's own code (stdlib + PyYAML for the venue's beacon positions).

Definitions (docs/radio-model.md, "Fitting a venue"): rows are grouped into links (point, device,
tx_power_dbm, beacon); a link's observed mean RSSI is the mean of its readings (`rssi`), its
predicted mean the mean of its rows' `rssi_mean`; RMSE over links with a reading and a prediction.
Detection per 2 m bin of the link distance (mean plan distance of its rows to the beacon):
observed = readings / windows, predicted = mean `p_detect`; the largest absolute difference over
bins with at least 100 windows. Near bias: mean of (predicted − observed) link means under 3 m.

Detection counts only sessions whose windows are complete (BeaconSim's DetectionSessions): within
each (session, device, tx_power_dbm, beacon), in `sample` order, a step skips when the sample
index jumps by more than one or consecutive windows' `t_s` lie more than 2.5 `window_s` apart; a
session with skips / (windows + skips) > 0.01 has dropped windows from the file (rather than
recording them without a reading), so its rows count for RSSI only.

Steady state and first windows: a row whose `sample` is 1 opens its session (the format numbers a
session's windows from 1), so the phone's scan started in it. The output's `steadyState` scores the
rows without those windows, `firstWindows` those windows alone (each: windows, observed and
predicted detection rate overall, per-bin detection errors and the largest over bins with at least
100 windows); both are null when the rows have no `sample` column.

Usage:
  scripts/score-predictions.py PREDICTIONS.csv --venue VENUE.yaml [--survey SURVEY.csv] [--fit FIT.json]
                               [--tolerance 0.1]
--survey: the whole survey the rows were taken from, for judging its sessions (a session's windows
are complete or not in the file, whichever of its points are scored).
With --fit, checks that the RMSE and every bin's detection error equal fit.json's held-out figures
(within --tolerance dB, and 0.01) and exits 1 otherwise.
"""
import argparse
import csv
import json
import math
import sys

import yaml


def beacon_positions(venue):
    with open(venue) as file:
        scenario = yaml.safe_load(file)
    return {beacon["name"]: beacon["position"] for beacon in scenario.get("beacons", [])}


MAXIMUM_DROPPED_SHARE = 0.01
MAXIMUM_TIME_STEP = 2.5


def number(text):
    text = (text or "").strip()
    return float(text) if text else None


def excluded_sessions(rows):
    """Sessions whose windows were dropped from the file: {session: (windows, skips, share)}."""
    groups = {}
    for row in rows:
        key = (row.get("session", ""), row["device"], row.get("tx_power_dbm", ""), row["beacon"])
        groups.setdefault(key, []).append(row)
    totals = {}
    for (session, _, _, _), members in groups.items():
        first = {}
        for row in members:
            sample = int(row["sample"]) if (row.get("sample") or "").strip() else 0
            first.setdefault(sample, (number(row.get("t_s")), float(row["window_s"])))
        samples = sorted(first)
        skips = 0
        for previous, following in zip(samples, samples[1:]):
            if following - previous > 1:
                skips += 1
            else:
                start, window = first[previous]
                end = first[following][0]
                if start is not None and end is not None and end - start > MAXIMUM_TIME_STEP * window:
                    skips += 1
        windows, total = totals.get(session, (0, 0))
        totals[session] = (windows + len(members), total + skips)
    excluded = {}
    for session, (windows, skips) in totals.items():
        share = skips / (windows + skips) if skips else 0.0
        if share > MAXIMUM_DROPPED_SHARE:
            excluded[session] = (windows, skips, share)
    return excluded


def read_rows(path):
    with open(path, newline="") as file:
        return list(csv.DictReader(file))


def opens_session(row):
    return (row.get("sample") or "").strip() == "1"


def score(path, positions, survey=None, keep=None):
    """Scores the predictions at `path` (the rows for which `keep(row)` holds, default all);
    sessions are judged on `survey` (the whole survey file the rows came from) when given, else on
    the predictions' own rows."""
    links = {}
    table = read_rows(path)
    excluded = excluded_sessions(read_rows(survey) if survey else table)
    for row in table:
        if keep is not None and not keep(row):
            continue
        key = (row["point"], row["device"], row.get("tx_power_dbm", ""), row["beacon"])
        link = links.setdefault(key, {"readings": [], "predicted": [], "p": 0.0, "windows": 0, "detected": 0,
                                      "distance": 0.0, "rows": 0})
        bx, by = positions[row["beacon"]]
        link["distance"] += math.hypot(float(row["x"]) - bx, float(row["y"]) - by)
        link["rows"] += 1
        if row.get("session", "") not in excluded:
            link["windows"] += 1
            link["p"] += float(row["p_detect"])
            link["detected"] += 1 if row["rssi"].strip() else 0
        if row["rssi"].strip():
            link["readings"].append(float(row["rssi"]))
        if row["rssi_mean"].strip():
            link["predicted"].append(float(row["rssi_mean"]))
    residuals, near, bins = [], [], {}
    for link in links.values():
        distance = link["distance"] / link["rows"]
        if link["readings"] and link["predicted"]:
            observed = sum(link["readings"]) / len(link["readings"])
            predicted = sum(link["predicted"]) / len(link["predicted"])
            residuals.append(observed - predicted)
            if distance < 3:
                near.append(predicted - observed)
        entry = bins.setdefault(int(distance // 2), [0, 0.0, 0])
        entry[0] += link["detected"]
        entry[1] += link["p"]
        entry[2] += link["windows"]
    rows = []
    for index in sorted(bins):
        readings, predicted, windows = bins[index]
        share = max(1, windows)
        rows.append({"lower": 2 * index, "windows": windows, "observedDetection": readings / share,
                     "predictedDetection": predicted / share,
                     "detectionError": abs(readings - predicted) / share})
    rmse = math.sqrt(sum(r * r for r in residuals) / len(residuals)) if residuals else None
    errors = [b["detectionError"] for b in rows if b["windows"] >= 100]
    windows = sum(b["windows"] for b in rows)
    return {"rmseMeanRSSI": rmse, "maxDetectionError": max(errors) if errors else None,
            "nearBias": sum(near) / len(near) if near else None, "nearLinks": len(near), "links": len(links),
            "detectionExcludedSessions": sorted(excluded), "bins": rows, "windows": windows,
            "observedDetection": sum(b["observedDetection"] * b["windows"] for b in rows) / windows if windows else None,
            "predictedDetection": sum(b["predictedDetection"] * b["windows"] for b in rows) / windows if windows else None}


def detection_summary(result):
    return {key: result[key] for key in ("windows", "observedDetection", "predictedDetection", "maxDetectionError",
                                         "bins")}


def score_all(path, positions, survey=None):
    """All rows, and (when the rows have a `sample` column) the steady state and the first windows."""
    result = score(path, positions, survey)
    with open(path, newline="") as file:
        has_sample = "sample" in (csv.DictReader(file).fieldnames or [])
    result["steadyState"] = detection_summary(score(path, positions, survey, lambda row: not opens_session(row))) \
        if has_sample else None
    result["firstWindows"] = detection_summary(score(path, positions, survey, opens_session)) if has_sample else None
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("predictions")
    parser.add_argument("--venue", required=True)
    parser.add_argument("--survey")
    parser.add_argument("--fit")
    parser.add_argument("--tolerance", type=float, default=0.1)
    args = parser.parse_args()
    result = score_all(args.predictions, beacon_positions(args.venue), args.survey)
    print(json.dumps(result, indent=2))
    if args.fit:
        with open(args.fit) as file:
            held = json.load(file)["heldOut"]
        with open(args.fit) as file:
            theirs_excluded = sorted(entry["session"] for entry in json.load(file)["detectionExcludedSessions"])
        problems = []
        if theirs_excluded != result["detectionExcludedSessions"]:
            problems.append(f"sessions excluded from detection: {result['detectionExcludedSessions']} here, "
                            f"{theirs_excluded} in fit.json")
        if abs(held["rmseMeanRSSI"] - result["rmseMeanRSSI"]) > args.tolerance:
            problems.append(f"RMSE {result['rmseMeanRSSI']:.3f} dB here, {held['rmseMeanRSSI']:.3f} dB in fit.json")
        theirs = {b["lower"]: b for b in held["bins"]}
        for mine in result["bins"]:
            other = theirs.get(mine["lower"])
            if other is None or abs(other["detectionError"] - mine["detectionError"]) > 0.01:
                problems.append(f"bin {mine['lower']} m: detection error {mine['detectionError']:.4f} here, "
                                f"{other and other['detectionError']} in fit.json")
        with open(args.fit) as file:
            steady = json.load(file).get("heldOutSteadyState")
        mine = result["steadyState"]
        if steady and mine and steady.get("maxDetectionError") is not None and mine["maxDetectionError"] is not None \
                and abs(steady["maxDetectionError"] - mine["maxDetectionError"]) > 0.01:
            problems.append(f"steady-state detection error {mine['maxDetectionError']:.4f} here, "
                            f"{steady['maxDetectionError']:.4f} in fit.json")
        for problem in problems:
            print("DISAGREE: " + problem, file=sys.stderr)
        sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
