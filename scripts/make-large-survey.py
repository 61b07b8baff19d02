#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a large site survey from a shared one, for timing `beaconsim fit` (issue 30: 10^6 rows).

Every session of the source survey is repeated, as if the survey had been walked again (session
names get `-rK`, points and positions stay), until the output has ROWS rows (the last repetition
cut short at a session boundary when possible, else at a row). The venue's points.csv and
scenarios are not needed: `beaconsim fit VENUE.yaml --survey OUT.csv` uses the source's venue.

    scripts/make-large-survey.py --rows 1000000 ../shared/data/rf-surveys/uji-geo/survey.csv /tmp/survey-1e6.csv
"""
import argparse
import csv
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("source")
    parser.add_argument("output")
    arguments = parser.parse_args()
    with open(arguments.source, newline="", encoding="utf-8") as handle:
        reader = csv.reader(handle)
        header = next(reader)
        rows = list(reader)
    if not rows:
        sys.exit(f"{arguments.source}: no rows")
    session = header.index("session")
    written = 0
    with open(arguments.output, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(header)
        repetition = 0
        while written < arguments.rows:
            for row in rows:
                if written == arguments.rows:
                    break
                copy = list(row)
                if repetition:
                    copy[session] = f"{row[session]}-r{repetition}"
                writer.writerow(copy)
                written += 1
            repetition += 1
    print(f"{arguments.output}: {written} rows ({repetition} repetitions of {len(rows)})")


if __name__ == "__main__":
    main()
