#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The mutation experiment of issue 15, at a smaller scale: mutated scenarios (`validate`, then
`run` on those that validate) and mutated captures (`inspect`, `replay`) through the beaconsim
binary, counting crashes (a signal, or a Swift runtime failure on stderr), hangs (no answer within
10 s from validate, inspect or replay) and diagnostics that do not name a place.

A scenario diagnostic names a place when every stderr line reads `FILE:LINE:COL: error: …` (or
`warning:`); a capture error when it names a byte offset or the file and an I/O reason. `run`s that
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


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=300, help="scenario mutants (captures: half as many)")
    parser.add_argument("--bin", default=".build/debug/beaconsim")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--jobs", type=int, default=2)
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
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(arguments.jobs) as pool:
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
    longs = [r["duration"] for _, r in scenario_results if r["long"]]
    if longs:
        print(f"\nValid runs over 10 s, by their scenario's duration: {', '.join(longs)}")
    print(f"\n{time.monotonic() - started:.0f} s, binary {arguments.bin}, seed {arguments.seed}")
    bad = any(r["validate"] in ("crash", "hang") or r["run"] == "crash" or r["unlocated"] for _, r in scenario_results) \
        or any(r[c][0] in ("crash", "hang") or r[c][1] for r in capture_results for c in ("inspect", "replay"))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
