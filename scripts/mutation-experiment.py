#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The mutation experiment of issue 15, at a smaller scale: mutated scenarios (`validate`, then
`run` on those that validate) and mutated captures (`inspect`, `replay`) through the beaconsim
binary, counting crashes (a signal, or a Swift runtime failure on stderr), hangs (no answer within
10 s from validate, inspect or replay) and diagnostics that do not name a place. Since issue 30
also: mutated merge folders (two shard folders of a real check, their manifests, records and
checksums mutated, files removed, added or replaced by a FIFO; `merge`) and mutated marked
captures (a capture `run --capture` wrote, carrying the simulation marker, mutated mostly in the
marker; `inspect`, `replay`, `check --capture`).

A scenario diagnostic names a place when every stderr line reads `FILE:LINE:COL: error: …` (or
`warning:`); a capture error when it names a byte offset or the file and an I/O reason; a merge error when every
stderr line reads `PATH[:LINE]: error: …`, names one of the shard folders or the missing shards (`2/2`). `run`s that
take longer than 10 s are not hangs when the scenario is valid (it is within the stated limits and
simply long); they are counted separately as `long runs`.

    scripts/mutation-experiment.py --count 300 [--bin .build/debug/beaconsim] [--seed 15] [--jobs 2]
"""
import argparse, concurrent.futures, glob, os, random, re, shutil, subprocess, sys, tempfile, time

ALPHABET = list(":{}[],\"'-#&*!|>?%@` \t\n\r\\.0123456789eEsmhnu+-_aZ~") + ["\u0000", "\u00e9", "\u2028", "\U0001F600"]
EXTREMES = ["9223372036854775807ns", "2562047h", "1ns", "0ns", "-1s", "1e308", "1e-300", "-1e308", ".nan", ".inf",
            "99999999999999999999", "-9223372036854775808", "0", "720h", "721h", "1e400", "\"\\n\"", "[]", "{}", "~"]
LOCATED = re.compile(r"^.+:\d+:\d+: (error|warning): ")


def mutate_text(text, rng):
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        index = rng.randrange(len(chars) + 1)
        action = rng.randrange(3)
        if action == 0 and chars:
            del chars[min(index, len(chars) - 1)]
        elif action == 1 and chars:
            chars[min(index, len(chars) - 1)] = rng.choice(ALPHABET)
        else:
            chars.insert(index, rng.choice(ALPHABET))
    return "".join(chars)


def extreme_value(text, rng):
    """Replaces one number or duration with an extreme value (the issue's 'targeted' mutants)."""
    spots = [m for m in re.finditer(r"(?<=: )-?[0-9][0-9.]*(ns|us|ms|s|m|h)?\b", text)]
    if not spots:
        return mutate_text(text, rng)
    spot = rng.choice(spots)
    return text[:spot.start()] + rng.choice(EXTREMES) + text[spot.end():]


def alias_bomb(rng):
    width, depth = rng.randint(5, 12), rng.randint(5, 10)
    lines = ["a0: &a0 [" + ", ".join(["x"] * width) + "]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]" for i in range(1, depth)]
    return "\n".join(lines) + "\n"


def mutate_bytes(data, rng):
    data = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if not data:
            break
        index = rng.randrange(len(data))
        action = rng.randrange(7)
        if action == 0:
            data[index] = rng.randrange(256)
        elif action == 1:
            data[index] ^= 1 << rng.randrange(8)
        elif action == 2:
            data[index] = rng.choice([0x00, 0xFF, 0x7F, 0x80])
        elif action == 3 and rng.random() < 0.3:  # truncation, rarer: it ends every reader the same way
            del data[index:]
        elif action == 4 and index + 8 <= len(data):  # a timestamp-sized field: 0, -1, min, max
            data[index:index + 8] = rng.choice([b"\0" * 8, b"\xff" * 8, b"\x80" + b"\0" * 7, b"\x7f" + b"\xff" * 7])
        elif index + 4 <= len(data):  # a length-sized field
            data[index:index + 4] = rng.choice([b"\xff\xff\xff\xff", b"\0\0\0\0", b"\0\x10\0\0"])
    return bytes(data)


def invoke(binary, arguments, timeout=10):
    started = time.monotonic()
    try:
        done = subprocess.run([binary] + arguments, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "hang", "", time.monotonic() - started
    stderr = done.stderr.decode("utf-8", "replace")
    crashed = done.returncode < 0 or done.returncode >= 128 and done.returncode not in (130, 143) \
        or "Fatal error" in stderr or "runtime failure" in stderr
    return ("crash" if crashed else done.returncode), stderr, time.monotonic() - started


def scenario_case(binary, work, index, text):
    path = os.path.join(work, f"m{index}.yaml")
    with open(path, "w", encoding="utf-8", errors="surrogatepass") as handle:
        handle.write(text)
    duration = re.search(r"^duration: *(\S+)", text, re.M)
    result = {"validate": None, "run": None, "unlocated": False, "long": False,
              "duration": duration.group(1) if duration else "?"}
    status, stderr, _ = invoke(binary, ["validate", path])
    result["validate"] = status
    if status == 2:
        lines = [line for line in stderr.splitlines() if line.strip()]
        result["unlocated"] = not lines or any(not LOCATED.match(line) for line in lines)
    elif status == 0:
        out = os.path.join(work, f"out{index}")
        status, stderr, seconds = invoke(binary, ["run", path, "--out", out], timeout=10)
        result["run"] = status
        result["long"] = status == "hang"
        shutil.rmtree(out, ignore_errors=True)
    os.remove(path)
    return result


def capture_case(binary, work, index, data, phone):
    path = os.path.join(work, f"c{index}.bin")
    with open(path, "wb") as handle:
        handle.write(data)
    result = {}
    for command in (["inspect", path], ["replay", path, "--scenario", phone, "--out", os.path.join(work, f"r{index}")]):
        status, stderr, _ = invoke(binary, command)
        located = status != 2 or "byte offset" in stderr or "cannot open" in stderr
        result[command[0]] = (status, not located)
    shutil.rmtree(os.path.join(work, f"r{index}"), ignore_errors=True)
    os.remove(path)
    return result


MERGE_EXTREMES = ["-1", "0", "9223372036854775807", "-9223372036854775808", "1e308", "99999999999999999999", "null",
                  "\"x\"", "[]", "{}", "1.5", "2147483648"]


def mutate_json(text, rng):
    """A mutated JSON file: a number replaced by an extreme value, or characters edited."""
    spots = list(re.finditer(r"-?[0-9][0-9.eE+-]*", text))
    if spots and rng.random() < 0.6:
        spot = rng.choice(spots)
        return text[:spot.start()] + rng.choice(MERGE_EXTREMES) + text[spot.end():]
    return mutate_text(text, rng)


def merge_case(binary, work, index, shards, scenario, rng):
    """Two shard folders copied and mutated one way, then `merge`d: (status, unlocated, how)."""
    case = os.path.join(work, f"g{index}")
    folders = []
    for number, source in enumerate(shards):
        folder = os.path.join(case, f"shard{number + 1}")
        shutil.copytree(source, folder)
        folders.append(folder)
    target = rng.choice(folders)
    manifest, records = os.path.join(target, "manifest.json"), os.path.join(target, "replications.jsonl")
    how = rng.choice(["manifest", "manifest", "records", "records+checksum", "records+checksum", "files", "swap"])
    if how == "manifest":
        text = open(manifest, encoding="utf-8").read()
        open(manifest, "w", encoding="utf-8", errors="surrogatepass").write(mutate_json(text, rng))
    elif how.startswith("records"):
        text = open(records, encoding="utf-8").read()
        mutated = mutate_json(text, rng)
        open(records, "w", encoding="utf-8", errors="surrogatepass").write(mutated)
        if how == "records+checksum":  # the checksum made to match, so the record checks are reached
            import hashlib, json
            data = json.load(open(manifest, encoding="utf-8"))
            data["recordsSHA256"] = hashlib.sha256(mutated.encode("utf-8", "surrogatepass")).hexdigest()
            open(manifest, "w", encoding="utf-8").write(json.dumps(data))
    elif how == "files":
        action = rng.choice(["no-records", "no-manifest", "extra", "fifo-records", "fifo-manifest", "directory"])
        if action == "no-records":
            os.remove(records)
        elif action == "no-manifest":
            os.remove(manifest)
        elif action == "extra":
            open(os.path.join(target, rng.choice(["extra.jsonl", "replications.jsonl.gz", ".writing"])), "w").write("x\n")
        elif action.startswith("fifo"):
            path = records if action == "fifo-records" else manifest
            os.remove(path)
            os.mkfifo(path)
        else:
            os.remove(records)
            os.mkdir(records)
        how = f"files/{action}"
    else:  # the two manifests swapped, or one shard given twice
        if rng.random() < 0.5:
            first, second = (os.path.join(f, "manifest.json") for f in folders)
            data = open(first, "rb").read()
            shutil.copyfile(second, first)
            open(second, "wb").write(data)
        else:
            folders = [folders[0], folders[0]]
    status, stderr, _ = invoke(binary, ["merge", *folders, "--scenario", scenario, "--out", os.path.join(case, "out")])
    lines = [line for line in stderr.splitlines() if line.strip()]
    located = status != 2 or (lines and all(
        re.match(r"^.+?(:\d+)?: (error|warning|note): ", line) or any(f in line for f in folders)
        or re.search(r"missing shard\(s\) \d+/\d+", line) for line in lines))
    shutil.rmtree(case, ignore_errors=True)
    return status, not located, how


MARKER = b"BeaconSim"


def mutate_marked(data, rng):
    """A marked capture mutated in its marker (the event after `BeaconSim`, and its record's
    timestamp) or anywhere (a third of the time)."""
    at = data.find(MARKER)
    if at < 0 or rng.random() < 0.33:
        return mutate_bytes(data, rng)
    data = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        choice = rng.randrange(4)
        if choice == 0:  # the duration (int64 LE after the version byte): extreme values
            data[at + 10:at + 18] = rng.choice([b"\xff" * 7 + b"\x7f", b"\0" * 8, b"\xff" * 8, b"\x01" + b"\0" * 6 + b"\x80",
                                              (720 * 3600 * 10**9 + 1).to_bytes(8, "little")])
        elif choice == 1:  # the version byte
            data[at + 9] = rng.randrange(256)
        elif choice == 2:  # the marker record's timestamp (8 bytes before the H4 packet in btsnoop)
            start = max(0, at - 3 - 8)
            data[start:start + 8] = rng.choice([b"\0" * 8, b"\xff" * 8, b"\x7f" + b"\xff" * 7, b"\x80" + b"\0" * 7])
        else:
            index = at + rng.randrange(0, 26)
            if index < len(data):
                data[index] = rng.randrange(256)
    return bytes(data)


def marked_case(binary, work, index, data, phone):
    path = os.path.join(work, f"k{index}.log")
    with open(path, "wb") as handle:
        handle.write(data)
    result = {}
    out = os.path.join(work, f"ko{index}")
    for command in (["inspect", path], ["replay", path, "--scenario", phone, "--out", out],
                    ["check", phone, "--capture", path, "--replications", "2", "--out", out]):
        status, stderr, _ = invoke(binary, command)
        located = status != 2 or "byte offset" in stderr or "cannot open" in stderr or path in stderr
        result[command[0]] = (status, not located)
    shutil.rmtree(out, ignore_errors=True)
    os.remove(path)
    return result


def prepare(binary, work):
    """Two shard folders of a real check and a marked capture of a real run, made by `binary`."""
    scenario = "Tests/EndToEndTests/Fixtures/replay-phone.yaml"
    base = os.path.join(work, "base")
    for shard in ("1/2", "2/2"):
        subprocess.run([binary, "check", scenario, "--replications", "4", "--shard", shard, "--out", base],
                       capture_output=True, check=True)
    shards = sorted(os.path.dirname(p) for p in glob.glob(os.path.join(base, "**", "manifest.json"), recursive=True))
    capture = os.path.join(work, "marked.log")
    subprocess.run([binary, "run", scenario, "--capture", capture, "--out", os.path.join(work, "run")],
                   capture_output=True, check=True)
    data = open(capture, "rb").read()
    if MARKER not in data:
        sys.exit(f"{capture}: `run --capture` wrote no simulation marker")
    return scenario, shards, data


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=300, help="scenario mutants (captures: half as many)")
    parser.add_argument("--bin", default=".build/debug/beaconsim")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--merges", type=int, default=None, help="mutated merge folders (default: --count / 2)")
    parser.add_argument("--marked", type=int, default=None, help="mutated marked captures (default: --count / 4)")
    arguments = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    os.chdir(root)
    rng = random.Random(arguments.seed)
    scenarios = [open(p, encoding="utf-8").read() for p in sorted(glob.glob("Scenarios/*.yaml")
                 + glob.glob("Scenarios/claims/*.yaml") + glob.glob("Tests/EndToEndTests/Fixtures/*.yaml"))]
    captures = [open(p, "rb").read() for p in sorted(glob.glob("Tests/HCICaptureTests/Fixtures/*.log")
                + glob.glob("Tests/HCICaptureTests/Fixtures/*.pcapng"))]
    phone = "Tests/EndToEndTests/Fixtures/replay-phone.yaml"
    work = tempfile.mkdtemp(prefix="beaconsim-mutation-")
    texts = []
    for index in range(arguments.count):
        kind = index % 10
        if kind == 9:
            texts.append(("bomb", alias_bomb(rng)))
        elif kind >= 5:
            texts.append(("extreme", extreme_value(rng.choice(scenarios), rng)))
        else:
            texts.append(("random", mutate_text(rng.choice(scenarios), rng)))
    blobs = [mutate_bytes(rng.choice(captures), rng) for _ in range(max(1, arguments.count // 2))]
    scenario, shards, marked = prepare(arguments.bin, work)
    merges = arguments.merges if arguments.merges is not None else arguments.count // 2
    merge_seeds = [rng.randrange(2**32) for _ in range(merges)]
    marked_count = arguments.marked if arguments.marked is not None else arguments.count // 4
    marked_blobs = [mutate_marked(marked, rng) for _ in range(marked_count)]
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(arguments.jobs) as pool:
        merge_results = list(pool.map(
            lambda item: merge_case(arguments.bin, work, item[0], shards, scenario, random.Random(item[1])),
            enumerate(merge_seeds)))
        marked_results = list(pool.map(lambda item: marked_case(arguments.bin, work, item[0], item[1], scenario),
                                       enumerate(marked_blobs)))
        scenario_results = list(pool.map(lambda item: (item[1][0], scenario_case(arguments.bin, work, item[0], item[1][1])),
                                         enumerate(texts)))
        capture_results = list(pool.map(lambda item: capture_case(arguments.bin, work, item[0], item[1], phone),
                                        enumerate(blobs)))
    shutil.rmtree(work, ignore_errors=True)
    print(f"| input | tried | crashes | hangs (> 10 s) | unlocated diagnostics | other |")
    print(f"|---|---|---|---|---|---|")
    for kind in ("random", "extreme", "bomb"):
        rows = [r for k, r in scenario_results if k == kind]
        crashes = sum(r["validate"] == "crash" or r["run"] == "crash" for r in rows)
        hangs = sum(r["validate"] == "hang" for r in rows)
        runs = sum(r["run"] is not None for r in rows)
        longs = sum(r["long"] for r in rows)
        unlocated = sum(r["unlocated"] for r in rows)
        valid = sum(r["validate"] == 0 for r in rows)
        print(f"| scenarios, {kind} mutation | {len(rows)} | {crashes} | {hangs} | {unlocated} | "
              f"{valid} valid, {runs} run, {longs} valid runs longer than 10 s |")
    for command in ("inspect", "replay"):
        crashes = sum(r[command][0] == "crash" for r in capture_results)
        hangs = sum(r[command][0] == "hang" for r in capture_results)
        unlocated = sum(r[command][1] for r in capture_results)
        ok = sum(r[command][0] == 0 for r in capture_results)
        print(f"| captures, `{command}` | {len(capture_results)} | {crashes} | {hangs} | {unlocated} | {ok} read cleanly |")
    for how in sorted(set(h for _, _, h in merge_results)):
        rows = [r for r in merge_results if r[2] == how]
        crashes = sum(r[0] == "crash" for r in rows)
        hangs = sum(r[0] == "hang" for r in rows)
        unlocated = sum(r[1] for r in rows)
        merged = sum(r[0] == 0 for r in rows)
        print(f"| merge folders, {how} | {len(rows)} | {crashes} | {hangs} | {unlocated} | {merged} merged |")
    for command in ("inspect", "replay", "check"):
        crashes = sum(r[command][0] == "crash" for r in marked_results)
        hangs = sum(r[command][0] == "hang" for r in marked_results)
        unlocated = sum(r[command][1] for r in marked_results)
        ok = sum(r[command][0] in (0, 1) for r in marked_results)
        print(f"| marked captures, `{command}` | {len(marked_results)} | {crashes} | {hangs} | {unlocated} | "
              f"{ok} read (exit 0 or 1) |")
    longs = [r["duration"] for _, r in scenario_results if r["long"]]
    if longs:
        print(f"\nValid runs over 10 s, by their scenario's duration: {', '.join(longs)}")
    print(f"\n{time.monotonic() - started:.0f} s, binary {arguments.bin}, seed {arguments.seed}")
    bad = any(r["validate"] in ("crash", "hang") or r["run"] == "crash" or r["unlocated"] for _, r in scenario_results) \
        or any(r[c][0] in ("crash", "hang") or r[c][1] for r in capture_results for c in ("inspect", "replay")) \
        or any(r[0] in ("crash", "hang") or r[1] for r in merge_results) \
        or any(r[c][0] in ("crash", "hang") or r[c][1] for r in marked_results for c in ("inspect", "replay", "check"))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
