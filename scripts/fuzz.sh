#!/usr/bin/env bash
# In-process fuzzing with libFuzzer (docs/fuzzing.md): builds the `beaconsim-fuzz` runner with
# -sanitize=fuzzer,address into .build-fuzz (BEACONSIM_FUZZ=1 adds it to the package), prepares
# seed corpora from the repository's scenarios and captures, and runs every target (or the ones
# named) with its dictionary. A crash, trap or leak is saved under Tests/FuzzFindings/<target>/,
# where `swift test` (FuzzRegressionTests) replays it, and the script fails.
#
#   scripts/fuzz.sh --time 300 [TARGET…]     each target for 300 s (make fuzz FUZZ_TIME=300)
#   scripts/fuzz.sh --runs 2000 [TARGET…]    each target for 2,000 executions (make test)
#   --timeout S                               an input running longer than S seconds is a hang
#                                             finding (default 10; make test allows 60, because a
#                                             debug ASan build on a loaded CI machine can take
#                                             several seconds on one large scenario)
#   --without-asan                            build with -sanitize=fuzzer only (into .build-fuzz/fuzzer-only):
#                                             for long runs of a target whose code has no unsafe code
#                                             (docs/fuzzing.md says which run used it and why)
#   BEACONSIM_FUZZ_CONFIG=release …          release build (faster executions, slower build; default debug)
# Targets: scenario btsnoop pcap pcapng hci-event marker manifest merge report. Figures (executions, time) go to .build-fuzz/report.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
limit=(-runs=2000)
timeout=10
sanitizers=fuzzer,address
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --time) limit=(-max_total_time="$2"); shift 2 ;;
        --runs) limit=(-runs="$2"); shift 2 ;;
        --timeout) timeout="$2"; shift 2 ;;
        --without-asan) sanitizers=fuzzer; shift ;;
        *) targets+=("$1"); shift ;;
    esac
done
[ ${#targets[@]} -gt 0 ] || targets=(scenario btsnoop pcap pcapng hci-event marker manifest merge report)
config=${BEACONSIM_FUZZ_CONFIG:-debug}
scratch=.build-fuzz
# The build without ASan has its own scratch path (switching flags would rebuild every module);
# seeds, corpora and findings are shared.
build=$scratch
[ "$sanitizers" = fuzzer,address ] || build=$scratch/fuzzer-only

mkdir -p "$build"
echo "fuzz: building beaconsim-fuzz ($config, -sanitize=$sanitizers) in $build" >&2
BEACONSIM_FUZZ=1 swift build -c "$config" --scratch-path "$build" --product beaconsim-fuzz \
    -Xswiftc -sanitize="$sanitizers" -Xswiftc -parse-as-library >"$scratch/build.log" 2>&1 \
    || { tail -30 "$scratch/build.log" >&2; echo "fuzz: build failed" >&2; exit 1; }
binary=$(BEACONSIM_FUZZ=1 swift build -c "$config" --scratch-path "$build" --show-bin-path)/beaconsim-fuzz

# Seed corpora: files as the targets read them (the harness adds the magic back to captures).
python3 - "$scratch/seeds" <<'PY'
import os, struct, sys, glob
out = sys.argv[1]
def put(target, name, data):
    os.makedirs(os.path.join(out, target), exist_ok=True)
    open(os.path.join(out, target, name), "wb").write(data)
for path in sorted(glob.glob("Scenarios/**/*.yaml", recursive=True) + glob.glob("Scenarios/**/*.json", recursive=True)
                   + glob.glob("Tests/ScenarioFormatTests/Examples/*") + glob.glob("Tests/EndToEndTests/Fixtures/*.yaml")):
    if os.path.getsize(path) <= 64 * 1024:
        put("scenario", path.replace("/", "_"), open(path, "rb").read())
pcap_magics = [b"\xa1\xb2\xc3\xd4", b"\xd4\xc3\xb2\xa1", b"\xa1\xb2\x3c\x4d", b"\x4d\x3c\xb2\xa1"]
for path in sorted(p for p in glob.glob("Tests/HCICaptureTests/Fixtures/*") if os.path.isfile(p)):
    data = open(path, "rb").read()[:64 * 1024]
    name = os.path.basename(path)
    if data.startswith(b"btsnoop\0"):
        put("btsnoop", name, data[8:])
        # H4 events of the records (btsnoop 1002: 24-byte record headers) for hci-event.
        at, count = 16, 0
        while at + 24 <= len(data) and count < 200:
            length = struct.unpack(">I", data[at + 4:at + 8])[0]
            packet = data[at + 24:at + 24 + length]
            if packet[:1] == b"\x04":
                put("hci-event", f"{name}-{count}", bytes([count % 7]) + packet[1:])
                put("hci-event", f"{name}-{count}-h4", bytes([count % 7]) + packet)
                count += 1
            at += 24 + length
    elif data[:4] == b"\x0a\x0d\x0d\x0a":
        put("pcapng", name, data[4:])
    elif data[:4] in pcap_magics:
        put("pcap", name, bytes([pcap_magics.index(data[:4])]) + data[4:])
# Marker seeds: origin, last timestamp (8 bytes each, big-endian), then version 1, duration, seed.
for index, (span, duration) in enumerate([(1_000_000_000, 720 * 3600 * 10**9 + 1), (0, 2**63 - 1), (10**12, 10**9)]):
    origin = 1_700_000_000 * 10**9
    put("marker", f"marker-{index}", struct.pack(">qq", origin, origin + span) + bytes([1])
        + struct.pack("<qQ", duration, 7))
# Results folders (manifest, merge) and names (report): the committed seeds of Fuzz/Seeds/<target>.
for path in sorted(glob.glob("Fuzz/Seeds/*/*")):
    put(os.path.basename(os.path.dirname(path)), os.path.basename(path), open(path, "rb").read())
# A pcap seed for each link type, from a minimal header (the fixtures hold none).
for index, linktype in enumerate([187, 201, 251, 254, 256, 272]):
    header = struct.pack(">IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, linktype)
    record = struct.pack(">IIII", 1700000000, 0, 9, 9) + bytes([4, 0x3E, 6, 2, 1, 3, 0, 1, 2])
    put("pcap", f"linktype-{linktype}", bytes([0]) + header[4:] + record)
PY

report=$scratch/report.txt
: >"$report"
status=0
for target in "${targets[@]}"; do
    # Short inputs keep executions fast; the seeds are cut to this length (scenarios need more).
    case "$target" in
        scenario) dict=Fuzz/Dictionaries/scenario.dict max_len=4096 ;;
        manifest | merge) dict=Fuzz/Dictionaries/json.dict max_len=8192 ;;
        report) dict=Fuzz/Dictionaries/names.dict max_len=1024 ;;
        *) dict=Fuzz/Dictionaries/capture.dict max_len=4096 ;;
    esac
    corpus=$scratch/corpus/$target
    findings=$scratch/findings/$target
    mkdir -p "$corpus" "$findings" "$scratch/seeds/$target"
    log=$scratch/$target.log
    started=$(date +%s)
    set +e
    # No allocation stacks (malloc_context_size=0): unwinding one per allocation is much of the
    # report target's time (docs/fuzzing.md); replaying a finding by hand shows them.
    BEACONSIM_FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=1:malloc_context_size=0 SWIFT_BACKTRACE=enable=no "$binary" "${limit[@]}" -dict="$dict" -max_len="$max_len" \
        -timeout="$timeout" -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$findings/" \
        "$corpus" "$scratch/seeds/$target" >"$log" 2>&1
    result=$?
    set -e
    seconds=$(( $(date +%s) - started ))
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
    line="$target: $runs executions in ${seconds} s, exit $result"
    echo "fuzz: $line" >&2
    echo "$line" >>"$report"
    if [ "$result" -ne 0 ]; then
        status=1
        mkdir -p "Tests/FuzzFindings/$target"
        for artifact in "$findings"/*; do
            [ -e "$artifact" ] || continue
            cp "$artifact" "Tests/FuzzFindings/$target/$(basename "$artifact")"
            echo "fuzz: $target: finding saved as Tests/FuzzFindings/$target/$(basename "$artifact")" >&2
        done
        grep -A20 -m1 "ERROR\|Fatal error\|fuzz property" "$log" >&2 || tail -20 "$log" >&2
    fi
done
exit $status
