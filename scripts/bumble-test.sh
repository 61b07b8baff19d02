#!/usr/bin/env bash
# The Bumble loopback test (issue 6, item 7): two Bumble virtual controllers on one LocalLink,
# `beaconsim advertise` on one and `beaconsim listen` on the other; the listener's timeline must
# show the advertised iBeacon (didEnterRegion and ranging), with legacy advertising and then with
# `advertise --extended` (issue 15: one extended advertising set per beacon, two beacons). Loopback addresses only; every wait is
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

# One phase per advertising mode. The listener starts first (beaconsim retries the connection for
# 10 s while the controllers start), so the phone is outside the region until the advertiser begins
# 2 s after the listener's scan (20 s of listening leaves the 6 s of advertising room on a loaded
# machine). Phase 1: legacy advertising of one beacon. Phase 2: `--extended`, one LE extended
# advertising set per beacon (two beacons at 100 ms and 300 ms); both must be ranged.
phase() {  # name, scenario, minors that must be ranged, advertise options…
    local name=$1 scenario=$2 minors=$3
    shift 3
    timeout 60 "$BIN" listen --transport "tcp-client:127.0.0.1:$P1" \
        --scenario Tests/EndToEndTests/Fixtures/replay-phone.yaml --duration 20s --out "$work/$name" \
        >"$work/$name-listen.log" 2>&1 &
    local listener=$!
    pids+=($listener)
    # The phone must start outside the region: advertising that begins before the listener's clock
    # starts gives didDetermineState(inside) at start and, rightly, no didEnterRegion. So wait until
    # the listener scans (it creates its timeline right after enabling the scan, when its clock has
    # started) and 2 s more, however long a loaded machine takes to start it.
    local deadline=$((SECONDS + 40))
    until compgen -G "$work/$name/*/*/timeline.jsonl" >/dev/null; do
        kill -0 "$listener" 2>/dev/null || { cat "$work/$name-listen.log" >&2; fail "$name: listen ended before scanning"; }
        [ "$SECONDS" -lt "$deadline" ] || { cat "$work/$name-listen.log" >&2; fail "$name: listen did not start scanning in 40 s"; }
        sleep 0.2
    done
    sleep 2
    timeout 60 "$BIN" advertise --transport "tcp-client:127.0.0.1:$P2" "$scenario" --connectable --duration 6s "$@" \
        >"$work/$name-advertise.log" 2>&1 || { cat "$work/$name-advertise.log" >&2; fail "$name: advertise failed"; }
    wait "$listener" || { cat "$work/$name-listen.log" >&2; fail "$name: listen failed"; }
    cat "$work/$name-listen.log"
    # What a person watching sees: the entry as a line when it happens, and the periodic summaries.
    grep -q "s  didEnterRegion  treadmill" "$work/$name-listen.log" || fail "$name: listen did not show didEnterRegion live"
    grep -q "summary: .* heard 494E5445…/20594/" "$work/$name-listen.log" || fail "$name: listen showed no summary of the beacons"
    local timeline
    timeline=$(ls "$work/$name"/*/*/timeline.jsonl)
    "$VENV/bin/python" - "$timeline" "$minors" "$name" <<'PY' || fail "$name: the listener's timeline does not show the advertised iBeacons ($timeline)"
import json, sys
lines = [json.loads(line) for line in open(sys.argv[1])]
minors = {int(m) for m in sys.argv[2].split(",")}
enter = [l for l in lines if l["event"] == "didEnterRegion" and l["region"] == "treadmill"]
ranged = [b for l in lines if l["event"] == "didRangeBeacons" for b in l["beacons"]
          if b["uuid"] == "494E5445-4C4C-495F-524F-434B535F4857" and b["major"] == 20594]
seen = {b["minor"] for b in ranged}
print(f"bumble-test {sys.argv[3]}: didEnterRegion at {[l['t'] for l in enter]}, {len(ranged)} ranged beacons, minors {sorted(seen)}")
sys.exit(0 if enter and minors <= seen else 1)
PY
}

phase legacy Tests/EndToEndTests/Fixtures/bumble-beacon.yaml 62207
phase extended Tests/EndToEndTests/Fixtures/bumble-two-beacons.yaml 62207,7 --extended
echo "bumble-test: OK"
rm -rf "$work"
