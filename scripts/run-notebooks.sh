#!/usr/bin/env bash
# Executes notebooks/*.ipynb headless (nbclient) against results made here first, so they never rot.
#   scripts/run-notebooks.sh        uses .build/debug/beaconsim (run `swift build` first)
# Python packages (notebooks/requirements.txt) go into .build/venv, reinstalled only when the
# requirements change. Results go to .build/notebook-results/, executed copies to .build/notebooks/.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BEACONSIM_BIN:-.build/debug/beaconsim}
VENV=.build/venv
OUT=.build/notebook-results
EXECUTED=.build/notebooks

stamp=$(sha256sum notebooks/requirements.txt | cut -d' ' -f1)
if [ ! -x "$VENV/bin/python" ] || [ "$(cat "$VENV/.requirements" 2>/dev/null)" != "$stamp" ]; then
    echo "notebooks: installing notebooks/requirements.txt into $VENV" >&2
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q --disable-pip-version-check -r notebooks/requirements.txt
    echo "$stamp" > "$VENV/.requirements"
fi

# Fresh results: a run, a sweep, and two layouts' checks (small, so this stays fast).
rm -rf "$OUT" "$EXECUTED" .build/notebook-variants
mkdir -p "$OUT" "$EXECUTED"
"$BIN" run Scenarios/retail-store.yaml --out "$OUT" >/dev/null
"$BIN" sweep Scenarios/retail-store.yaml --set 'beacons.*.interval=100ms,1s' --set 'phones.*.os=ios,ios-7.0' \
    --replications 8 --out "$OUT" >/dev/null || [ $? -eq 1 ]  # exit 1: iOS 7.0 fails the iOS claims, as it should
"$BIN" check Scenarios/retail-store.yaml --replications 12 --out "$OUT" >/dev/null || true
"$BIN" check notebooks/layouts/retail-store-door.yaml --replications 12 --out "$OUT" >/dev/null || true

# Every output variant of `run` (gzip, ranging count, change track, no timeline) read by pandas and
# by the notebooks' reader (kept apart from $OUT, whose folders the notebooks pick from).
"$VENV/bin/python" scripts/check-output-variants.py --beaconsim "$BIN" --out .build/notebook-variants

BEACONSIM_RESULTS="$(pwd)/$OUT" "$VENV/bin/python" - "$EXECUTED" notebooks/*.ipynb <<'PY'
import sys, time
import nbformat
from nbclient import NotebookClient

target, paths = sys.argv[1], sys.argv[2:]
failed = 0
for path in paths:
    started = time.time()
    book = nbformat.read(path, as_version=4)
    try:
        NotebookClient(book, timeout=300, kernel_name="python3", resources={"metadata": {"path": "notebooks"}}).execute()
        print(f"notebook {path}: ok ({time.time() - started:.1f} s)")
    except Exception as error:  # report every notebook, then fail
        failed += 1
        print(f"notebook {path}: FAILED: {error}", file=sys.stderr)
    nbformat.write(book, f"{target}/{path.split('/')[-1]}")
print(f"notebooks: {len(paths) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PY
