# SPDX-License-Identifier: GPL-3.0-or-later
"""Reading BeaconSim results folders and the results catalogue into pandas.

Used by the notebooks in this folder. Everything here reads the files `beaconsim` writes
(manifest.json, timeline.jsonl, metrics.json, check.json, sweep.csv, sweep.json,
replications.jsonl, catalogue.sqlite); nothing reaches into the simulator.
"""
import json
import os
import sqlite3
from pathlib import Path

import pandas as pd


def results_root() -> Path:
    """$BEACONSIM_RESULTS, else ../Results relative to the notebooks."""
    return Path(os.environ.get("BEACONSIM_RESULTS", Path(__file__).resolve().parent.parent / "Results"))


def folders(kind=None, scenario=None, root=None):
    """Results folders (oldest first) whose manifest has `command` == kind (run, check, sweep)."""
    root = Path(root or results_root())
    found = []
    for manifest in sorted(root.glob("*/*/manifest.json")):
        data = json.loads(manifest.read_text())
        if kind and data.get("command") != kind:
            continue
        if scenario and data.get("scenario") != scenario:
            continue
        if data.get("shard", {}).get("count", 1) != 1:
            continue
        found.append(manifest.parent)
    return sorted(found, key=lambda p: p.name)


def manifest(folder) -> dict:
    return json.loads((Path(folder) / "manifest.json").read_text())


def jsonl(folder, name) -> Path:
    """The path of `name` in a results folder: `name`, or `name`.gz when the run compressed its
    outputs (`outputs: { compression: gzip }`, `run --compress gzip`); pandas infers the
    compression from the name."""
    plain = Path(folder) / name
    return plain if plain.exists() or not (Path(folder) / f"{name}.gz").exists() else Path(folder) / f"{name}.gz"


def timeline(folder) -> pd.DataFrame:
    """timeline.jsonl (or .jsonl.gz) as a DataFrame: t (s), phone, event and the event's fields.
    A ranging record has `beacons` (a list) or, written with `ranging: count`, `beaconCount`."""
    return pd.read_json(jsonl(folder, "timeline.jsonl"), lines=True)


def track(folder) -> pd.DataFrame:
    """track.jsonl (or .jsonl.gz) as a DataFrame: t (s), phone, x, y (m), floor and heard (a list of
    {beacon, packets, rssi, maxRssi}); with `track: changes` only the lines where a phone changed,
    with `trackHeard: threshold` (a crowd's default) only the beacons at or above the threshold."""
    return pd.read_json(jsonl(folder, "track.jsonl"), lines=True)


def intervals(changes: pd.DataFrame, state_column: str, end: float) -> pd.DataFrame:
    """Constant stretches of a state: rows (start, stop, state) from change records."""
    changes = changes.sort_values("t")
    starts = changes["t"].tolist()
    stops = starts[1:] + [end]
    return pd.DataFrame({"start": starts, "stop": stops, "state": changes[state_column].tolist()})


def replications(folder) -> pd.DataFrame:
    """replications.jsonl in long form: one row per latency sample.

    Columns: point, replication, phone, region, metric, seconds.
    """
    rows = []
    with open(Path(folder) / "replications.jsonl") as lines:
        for line in lines:
            record = json.loads(line)
            for entry in record["regions"]:
                for metric, samples in entry["latencies"].items():
                    for seconds in samples:
                        rows.append((record["point"], record["replication"], entry["phone"], entry.get("region"), metric, seconds))
    return pd.DataFrame(rows, columns=["point", "replication", "phone", "region", "metric", "seconds"])


def counts(folder) -> pd.DataFrame:
    """Per replication, every count (entries, exits, falseExits, missedExits, notifications …)."""
    rows = []
    with open(Path(folder) / "replications.jsonl") as lines:
        for line in lines:
            record = json.loads(line)
            for entry in record["regions"]:
                for metric, count in entry["counts"].items():
                    rows.append((record["point"], record["replication"], entry["phone"], entry.get("region"), metric, count))
    return pd.DataFrame(rows, columns=["point", "replication", "phone", "region", "metric", "count"])


def sweep_points(folder) -> pd.DataFrame:
    """sweep.csv (one row per grid point) with the settings as columns."""
    return pd.read_csv(Path(folder) / "sweep.csv", dtype={"point": int})


def claims(folder) -> pd.DataFrame:
    """check.json as a table: one row per claim condition."""
    data = json.loads((Path(folder) / "check.json").read_text())
    rows = []
    for claim in data["claims"]:
        subject = "/".join(x for x in (claim.get("phone"), claim.get("region")) if x) or "all"
        for condition in claim["conditions"]:
            low, high = condition["ci95"] or (None, None)
            rows.append({
                "claim": f"{subject}.{claim['metric']}.{condition['statistic']}",
                "condition": condition["condition"], "measured": condition["measured"],
                "ci95_low": low, "ci95_high": high, "samples": condition["samples"], "passed": condition["passed"],
            })
    return pd.DataFrame(rows)


def catalogue(root=None) -> pd.DataFrame:
    """Every catalogued measurement joined with its run (catalogue.sqlite under the results root)."""
    path = Path(root or results_root()) / "catalogue.sqlite"
    with sqlite3.connect(path) as connection:
        return pd.read_sql_query(
            "SELECT r.runId, r.kind, r.scenario, r.scenarioHash, r.seed, r.replications, r.toolVersion, r.startedAt, "
            "m.point, m.settings, m.claim, m.measured, m.ciLow, m.ciHigh, m.samples, m.passed "
            "FROM runs r JOIN measurements m ON m.runId = r.runId ORDER BY r.startedAt", connection)
