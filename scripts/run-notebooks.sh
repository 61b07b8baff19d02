#!/usr/bin/env bash
# Executes notebooks/*.ipynb headless (nbclient) against results made here first, so they never rot.
#   scripts/run-notebooks.sh          uses .build/debug/beaconsim (run `swift build` first)
#   scripts/run-notebooks.sh --update also writes the executed notebooks back into notebooks/, so
#                                     the repository ships them with their outputs (commit the result)
# It fails when a cell that shows something ships without its outputs (run it with --update).
# Python packages (notebooks/requirements.txt) go into .build/venv, reinstalled only when the
# requirements change. Results go to .build/notebook-results/, executed copies to .build/notebooks/.
set -euo pipefail
cd "$(dirname "$0")/.."
UPDATE=0
[ "${1:-}" = "--update" ] && UPDATE=1
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

BEACONSIM_RESULTS="../$OUT" "$VENV/bin/python" - "$EXECUTED" "$UPDATE" notebooks/*.ipynb <<'PY'
import sys, time
import nbformat
from nbclient import NotebookClient

target, update, paths = sys.argv[1], sys.argv[2] == "1", sys.argv[3:]
failed = 0
for path in paths:
    started = time.time()
    book = nbformat.read(path, as_version=4)
    shipped = [bool(cell.get("outputs")) for cell in book.cells]
    try:
        # No timing metadata, so an unchanged notebook re-executes to the same cells.
        NotebookClient(book, timeout=300, kernel_name="python3", record_timing=False,
                       resources={"metadata": {"path": "notebooks"}}).execute()
        print(f"notebook {path}: ok ({time.time() - started:.1f} s)")
    except Exception as error:  # report every notebook, then fail
        failed += 1
        print(f"notebook {path}: FAILED: {error}", file=sys.stderr)
    # A reader opening the repository sees what each cell shows: a cell that shows something when
    # executed must ship with it (--update refreshes them).
    bare = [i for i, cell in enumerate(book.cells) if cell.get("outputs") and not shipped[i]]
    if bare and not update:
        failed += 1
        print(f"notebook {path}: FAILED: cells {bare} ship without their outputs "
              "(run scripts/run-notebooks.sh --update and commit the notebooks)", file=sys.stderr)
    nbformat.write(book, f"{target}/{path.split('/')[-1]}")
    if update:
        book.metadata.pop("widgets", None)
        nbformat.write(book, path)
print(f"notebooks: {len(paths) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PY
