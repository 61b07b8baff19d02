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

Usage:
  scripts/score-predictions.py PREDICTIONS.csv --venue VENUE.yaml [--fit FIT.json] [--tolerance 0.1]
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


def score(path, positions):
    links = {}
    with open(path, newline="") as file:
        for row in csv.DictReader(file):
            key = (row["point"], row["device"], row.get("tx_power_dbm", ""), row["beacon"])
            link = links.setdefault(key, {"readings": [], "predicted": [], "p": 0.0, "windows": 0, "distance": 0.0})
            bx, by = positions[row["beacon"]]
            link["distance"] += math.hypot(float(row["x"]) - bx, float(row["y"]) - by)
            link["windows"] += 1
            link["p"] += float(row["p_detect"])
            if row["rssi"].strip():
                link["readings"].append(float(row["rssi"]))
            if row["rssi_mean"].strip():
                link["predicted"].append(float(row["rssi_mean"]))
    residuals, near, bins = [], [], {}
    for link in links.values():
        distance = link["distance"] / link["windows"]
        if link["readings"] and link["predicted"]:
            observed = sum(link["readings"]) / len(link["readings"])
            predicted = sum(link["predicted"]) / len(link["predicted"])
            residuals.append(observed - predicted)
            if distance < 3:
                near.append(predicted - observed)
        entry = bins.setdefault(int(distance // 2), [0, 0.0, 0])
        entry[0] += len(link["readings"])
        entry[1] += link["p"]
        entry[2] += link["windows"]
    rows = []
    for index in sorted(bins):
        readings, predicted, windows = bins[index]
        rows.append({"lower": 2 * index, "windows": windows, "observedDetection": readings / windows,
                     "predictedDetection": predicted / windows,
                     "detectionError": abs(readings - predicted) / windows})
    rmse = math.sqrt(sum(r * r for r in residuals) / len(residuals)) if residuals else None
    errors = [b["detectionError"] for b in rows if b["windows"] >= 100]
    return {"rmseMeanRSSI": rmse, "maxDetectionError": max(errors) if errors else None,
            "nearBias": sum(near) / len(near) if near else None, "nearLinks": len(near), "links": len(links),
            "bins": rows}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("predictions")
    parser.add_argument("--venue", required=True)
    parser.add_argument("--fit")
    parser.add_argument("--tolerance", type=float, default=0.1)
    args = parser.parse_args()
    result = score(args.predictions, beacon_positions(args.venue))
    print(json.dumps(result, indent=2))
    if args.fit:
        with open(args.fit) as file:
            held = json.load(file)["heldOut"]
        problems = []
        if abs(held["rmseMeanRSSI"] - result["rmseMeanRSSI"]) > args.tolerance:
            problems.append(f"RMSE {result['rmseMeanRSSI']:.3f} dB here, {held['rmseMeanRSSI']:.3f} dB in fit.json")
        theirs = {b["lower"]: b for b in held["bins"]}
        for mine in result["bins"]:
            other = theirs.get(mine["lower"])
            if other is None or abs(other["detectionError"] - mine["detectionError"]) > 0.01:
                problems.append(f"bin {mine['lower']} m: detection error {mine['detectionError']:.4f} here, "
                                f"{other and other['detectionError']} in fit.json")
        for problem in problems:
            print("DISAGREE: " + problem, file=sys.stderr)
        sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
