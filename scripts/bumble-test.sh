#!/usr/bin/env bash
# The Bumble loopback test (issue 6, item 7): two Bumble virtual controllers on one LocalLink,
# `beaconsim advertise` on one and `beaconsim listen` on the other; the listener's timeline must
# show the advertised iBeacon (didEnterRegion and ranging). Loopback addresses only; every wait is
# bounded; the child processes are killed in all cases.
#
#   scripts/bumble-test.sh             installs bumble into .build/venv if needed, then runs
#   BEACONSIM_SKIP_BUMBLE=1 ...        skips (with a message) when bumble cannot be installed
#   BEACONSIM_BIN=path ...             the beaconsim binary (default .build/debug/beaconsim)
#   BUMBLE_VERSION=x.y.z ...           the bumble release (default 0.0.236, the one formats.md §8 tested)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BEACONSIM_BIN:-.build/debug/beaconsim}
VENV=.build/venv
VERSION=${BUMBLE_VERSION:-0.0.236}

fail() { echo "bumble-test: FAIL: $*" >&2; exit 1; }

if ! "$VENV/bin/python" -c "import bumble" 2>/dev/null; then
    echo "bumble-test: installing bumble $VERSION into $VENV" >&2
    if ! { python3 -m venv "$VENV" && "$VENV/bin/pip" install -q "bumble==$VERSION"; }; then
        if [ "${BEACONSIM_SKIP_BUMBLE:-}" = "1" ]; then
            echo "bumble-test: SKIPPED: bumble could not be installed and BEACONSIM_SKIP_BUMBLE=1" >&2
            exit 0
        fi
        fail "could not install bumble from PyPI (set BEACONSIM_SKIP_BUMBLE=1 to skip deliberately)"
    fi
fi
[ -x "$BIN" ] || fail "$BIN is missing: run swift build first"

work=$(mktemp -d "${TMPDIR:-/tmp}/beaconsim-bumble.XXXXXX")
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap cleanup EXIT

free_port() { "$VENV/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
P1=$(free_port)
P2=$(free_port)
[ "$P1" != "$P2" ] || P2=$(free_port)

"$VENV/bin/python" -m bumble.apps.controllers "tcp-server:127.0.0.1:$P1" "tcp-server:127.0.0.1:$P2" \
    >"$work/controllers.log" 2>&1 &
pids+=($!)

# The listener starts first (beaconsim retries the connection for 10 s while the controllers start),
# so the phone is outside the region until the advertiser begins 3 s later.
timeout 60 "$BIN" listen --transport "tcp-client:127.0.0.1:$P1" --scenario Tests/EndToEndTests/Fixtures/replay-phone.yaml \
    --duration 12s --out "$work/results" >"$work/listen.log" 2>&1 &
listener=$!
pids+=($listener)
sleep 3
timeout 60 "$BIN" advertise --transport "tcp-client:127.0.0.1:$P2" Tests/EndToEndTests/Fixtures/bumble-beacon.yaml \
    --connectable --duration 6s >"$work/advertise.log" 2>&1 || { cat "$work/advertise.log" >&2; fail "advertise failed"; }
wait "$listener" || { cat "$work/listen.log" >&2; fail "listen failed"; }
cat "$work/listen.log"
# What a person watching sees: the entry as a line when it happens, and the periodic summaries.
grep -q "s  didEnterRegion  treadmill" "$work/listen.log" || fail "listen did not show didEnterRegion live"
grep -q "summary: .* heard 494E5445…/20594/62207" "$work/listen.log" || fail "listen showed no summary of the beacon"

timeline=$(ls "$work"/results/*/*/timeline.jsonl)
"$VENV/bin/python" - "$timeline" <<'PY' || fail "the listener's timeline does not show the advertised iBeacon ($timeline)"
import json, sys
lines = [json.loads(line) for line in open(sys.argv[1])]
enter = [l for l in lines if l["event"] == "didEnterRegion" and l["region"] == "treadmill"]
ranged = [b for l in lines if l["event"] == "didRangeBeacons" for b in l["beacons"]
          if b["uuid"] == "494E5445-4C4C-495F-524F-434B535F4857" and b["major"] == 20594 and b["minor"] == 62207]
print(f"bumble-test: didEnterRegion at {[l['t'] for l in enter]}, {len(ranged)} ranged beacons (rssi {ranged[0]['rssi'] if ranged else None})")
sys.exit(0 if enter and ranged else 1)
PY
echo "bumble-test: OK"
rm -rf "$work"
