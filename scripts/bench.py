#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`make bench`: BeaconSim's performance cases and the naive mall-1h loop, measured in one run.

Runs (release build, one process per case, one after the other):
  naive       the mall-1h workload as a naive tight loop (Benchmarks/NaiveMall), the yardstick
  mall-1h     Scenarios/bench/mall-1h.yaml with `beaconsim bench`, with `beaconsim run` writing
              every output (timeline, track, plan, metrics: what a user waits for), and with `run`
              writing no timeline and no track: the difference of the two runs is what the writers
              cost (collecting the track, formatting and writing), hence the writer's MB/s
              (naive, bench and the runs alternate, --pairs times; their rows show the median run)
  crowd       1,000 foreground shoppers x 200 beacons, one simulated hour, `beaconsim run` with the
              crowd's default outputs (the monitoring crowd)
  crowd-outputs  the same crowd over 240 simulated s, `run` with the default outputs and with no
              timeline and no track (three interleaved pairs, the median): what the outputs cost per
              simulated second, and the bytes they write per simulated hour
  ranging     100 ranging shoppers x 200 beacons x 10 simulated minutes, `beaconsim run` with the
              default outputs (MB written; three runs, the median by wall-clock time), and 1,000
              ranging shoppers for one simulated hour
              (peak memory; --skip ranging-1000 leaves it out: it takes several minutes)
  large-mall  5,000 beacons in a 25x larger mall, one phone
  memory      `beaconsim run` (timeline and metrics written) of mall-1h over 1 h, 4 h and 16 h:
              peak resident memory of the child process (wait4)
  threads     `beaconsim check` of the demo scenario (retail-store) with 200 replications on 1 and on
              2 threads (three runs each, the median): the wall-time speed-up (meaningful only on an
              otherwise idle machine)
Prints one table, with the load average before and after (the machine is shared: compare the
ratios, which are taken in one run), then issue 26's targets with the figure of this run for each.
CPU seconds of `run` and `bench` in the targets are the child processes' own (wait4), start-up and
parsing included, so the two are counted alike. A crowd's `run` splits its phones into shards
simulated side by side on the machine's cores (PhoneShards: 8 for 1,000 phones): its "x real time"
is simulated seconds over wall-clock seconds, what the user waits for, and its CPU seconds are shown
beside it. Scenarios other than mall-1h are generated into .build/bench.
"""
import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
GENERATE = ROOT / "scripts" / "make-bench-scenario.py"


def run(command):
    """Runs `command` and returns (stdout, peak resident MiB, CPU seconds) of that child alone."""
    stdout, rss, cpu, _ = run_timed(command)
    return stdout, rss, cpu


def gnu_time():
    """GNU time's path when it is installed (Debian's `time` package), else None."""
    path = shutil.which("time") or ("/usr/bin/time" if os.path.exists("/usr/bin/time") else None)
    if path is None:
        return None
    probe = subprocess.run([path, "-f", "%M", "true"], capture_output=True, text=True)
    return path if probe.returncode == 0 and probe.stderr.strip().isdigit() else None


# A child's peak memory as `wait4` reports it counts the memory of the process that spawned it
# (Linux keeps the larger of the old and the new image's high-water mark across `exec`), and this
# script grows to over 150 MiB once it has parsed the ranging crowds' metrics: later rows would
# show that, not the child's. GNU time, a process of 2 MiB, spawns the child and reports its peak.
GNU_TIME = gnu_time()


def run_timed(command):
    """`run`, plus the child's wall-clock seconds."""
    start = time.monotonic()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile(mode="r") as measured:
        spawned = [GNU_TIME, "-f", "%M", "-o", measured.name, *command] if GNU_TIME else command
        pid = os.posix_spawn(spawned[0], spawned, os.environ, file_actions=[
            (os.POSIX_SPAWN_DUP2, out.fileno(), 1), (os.POSIX_SPAWN_DUP2, err.fileno(), 2)])
        _, status, usage = os.wait4(pid, 0)
        wall = time.monotonic() - start
        out.seek(0)
        err.seek(0)
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"bench: {' '.join(command)} failed:\n{err.read().decode()}")
        peak_kib = int(measured.read().split()[-1]) if GNU_TIME else usage.ru_maxrss
        return out.read().decode(), peak_kib / 1024, usage.ru_utime + usage.ru_stime, wall


def generate(case, out, *extra):
    """Writes scenario `case` to `out` unless a file newer than the generator is there already."""
    if not out.exists() or out.stat().st_mtime < GENERATE.stat().st_mtime:
        subprocess.run([sys.executable, str(GENERATE), case, "--out", str(out), *extra], check=True, stdout=subprocess.DEVNULL)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--beaconsim", default=str(ROOT / ".build/release/beaconsim"))
    parser.add_argument("--naive", default=str(ROOT / ".build/release/NaiveMall"))
    parser.add_argument("--crowd-seconds", type=int, default=3600, help="simulated seconds of the crowd case")
    parser.add_argument("--skip", action="append", default=[], help="leave out a case (naive, mall-1h, crowd, "
                        "crowd-outputs, large-mall, memory, threads, ranging, ranging-1000)")
    parser.add_argument("--pairs", type=int, default=5, help="interleaved runs of the naive loop and mall-1h "
                        "(rows show the median; default 5)")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    folder = ROOT / ".build" / "bench"
    folder.mkdir(parents=True, exist_ok=True)
    load_before = os.getloadavg()
    rows, figures = [], {}

    def bench(name, scenario):
        stdout, rss, _ = run([args.beaconsim, "bench", str(scenario), "--json"])
        result = json.loads(stdout)
        result["peakRSSMiB"] = rss
        figures[name] = result
        return result

    # The naive loop and mall-1h run as --pairs interleaved pairs; each row shows the median CPU
    # time of its runs, so one slow run on a shared machine moves neither the row nor the ratio.
    naive_runs, mall_runs, mall_user, mall_quiet = [], [], [], []
    outputs = pathlib.Path(tempfile.mkdtemp(prefix="beaconsim-bench-run-"))

    def user_run(scenario, *options):
        """`beaconsim run` of `scenario`: (stdout JSON, peak MiB, CPU s of the process, bytes written,
        wall-clock s: what the user waits for; a crowd's phone shards run side by side)."""
        folder = pathlib.Path(tempfile.mkdtemp(dir=outputs))
        stdout, rss, cpu, wall = run_timed([args.beaconsim, "run", str(scenario), "--out", str(folder), "--json", *options])
        written = sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())
        shutil.rmtree(folder, ignore_errors=True)
        return json.loads(stdout), rss, cpu, written, wall

    for _ in range(args.pairs):
        if "naive" not in args.skip:
            stdout, rss, _ = run([args.naive, "3600", "1"])
            naive = json.loads(stdout)
            naive["peakRSSMiB"] = rss
            naive_runs.append(naive)
        if "mall-1h" not in args.skip:
            mall = ROOT / "Scenarios/bench/mall-1h.yaml"
            stdout, rss, process_cpu = run([args.beaconsim, "bench", str(mall), "--json"])
            result = json.loads(stdout)
            result["peakRSSMiB"] = rss
            result["processCPUSeconds"] = process_cpu
            figures["mall-1h"] = result
            mall_runs.append(result)
            _, rss, cpu, written, _ = user_run(mall)
            mall_user.append({"cpuSeconds": cpu, "peakRSSMiB": rss, "bytesWritten": written})
            _, rss, cpu, written, _ = user_run(mall, "--no-timeline", "--track", "off")
            mall_quiet.append({"cpuSeconds": cpu, "peakRSSMiB": rss, "bytesWritten": written})
    if naive_runs:
        naive = sorted(naive_runs, key=lambda r: r["cpu_s"])[len(naive_runs) // 2]
        figures["naive"] = naive
        figures["naiveCPUSeconds"] = [r["cpu_s"] for r in naive_runs]
        rows.append(("naive loop, mall-1h spec", naive["packets"], naive["received_fraction"], naive["cpu_s"],
                     naive["packets"] / naive["cpu_s"], 3600 / naive["cpu_s"], naive["peakRSSMiB"]))
    if mall_runs:
        result = sorted(mall_runs, key=lambda r: r["cpuSeconds"])[len(mall_runs) // 2]
        figures["mall-1h"] = result
        figures["mall-1hCPUSeconds"] = [r["cpuSeconds"] for r in mall_runs]
        rows.append(("mall-1h", result["packets"], result["receivedFraction"], result["cpuSeconds"],
                     result["packets"] / result["cpuSeconds"], 3600 / result["cpuSeconds"], result["peakRSSMiB"]))
    crowd_run = None
    if "crowd" not in args.skip:
        seconds = args.crowd_seconds
        scenario = generate("crowd", folder / f"crowd-{seconds}s.yaml", "--seconds", str(seconds))
        summary, rss, cpu, written, wall = user_run(scenario)
        metrics = json.loads(summary["metrics"]) if isinstance(summary["metrics"], str) else summary["metrics"]
        # `beaconsim run` counts a transmission once; here, as for the one-phone cases, a packet
        # counts once per phone that could hear it (1,000 link-packets per transmission).
        link_packets = metrics["packetsSent"] * 1000
        crowd_run = {"cpuSeconds": cpu, "wallSeconds": wall, "peakRSSMiB": rss, "bytesWritten": written,
                     "seconds": seconds}
        figures["crowd"] = crowd_run
        rows.append((f"crowd: 1,000 phones x 200 beacons, {seconds} s (run, crowd outputs)", link_packets,
                     metrics["packetsReceived"] / link_packets, cpu, link_packets / cpu, seconds / wall, rss, wall))
    if "crowd-outputs" not in args.skip:
        # What the crowd's default outputs cost: `run` of the same shorter crowd with them and with
        # none (no timeline, no track; both split into the same phone shards), the difference per
        # simulated second (start-up and parsing cancel out); the median of three interleaved pairs,
        # since one pair's difference is smaller than the shared machine's run-to-run variation.
        seconds = 240
        scenario = generate("crowd", folder / f"crowd-{seconds}s.yaml", "--seconds", str(seconds))
        pairs = []
        for _ in range(3):
            _, _, run_cpu, written, _ = user_run(scenario)
            _, _, quiet_cpu, _, _ = user_run(scenario, "--no-timeline", "--track", "off")
            pairs.append({"runCPUSeconds": run_cpu, "quietRunCPUSeconds": quiet_cpu, "bytesWritten": written})
        middle = sorted(pairs, key=lambda p: p["runCPUSeconds"] - p["quietRunCPUSeconds"])[len(pairs) // 2]
        figures["crowdOutputs"] = {"seconds": seconds, **middle, "pairs": pairs}
    if "large-mall" not in args.skip:
        result = bench("large-mall", generate("large-mall", folder / "large-mall.yaml"))
        rows.append(("large mall: 5,000 beacons, 1 phone", result["packets"], result["receivedFraction"],
                     result["cpuSeconds"], result["packets"] / result["cpuSeconds"], 3600 / result["cpuSeconds"],
                     result["peakRSSMiB"]))
    ranging = {}
    if "ranging" not in args.skip:
        for phones, seconds in ((100, 600), (1000, 3600)):
            if phones == 1000 and "ranging-1000" in args.skip:
                continue
            scenario = generate("ranging-crowd", folder / f"ranging-crowd-{phones}x{seconds}s.yaml", "--phones",
                                str(phones), "--seconds", str(seconds))
            # The short case three times, its row the median by wall-clock time: a single run of
            # a few seconds moves with the shared machine by more than the target's margin.
            runs = [user_run(scenario) for _ in range(3 if seconds <= 600 else 1)]
            summary, rss, cpu, written, wall = sorted(runs, key=lambda r: r[4])[len(runs) // 2]
            metrics = summary["metrics"]
            link_packets = metrics["packetsSent"] * phones
            ranging[phones] = {"seconds": seconds, "cpuSeconds": cpu, "wallSeconds": wall, "peakRSSMiB": rss,
                               "bytesWritten": written, "wallSecondsOfRuns": [r[4] for r in runs]}
            rows.append((f"ranging crowd: {phones:,} phones x 200 beacons, {seconds} s (run, default outputs)",
                         link_packets, metrics["packetsReceived"] / link_packets, cpu, link_packets / cpu,
                         seconds / wall, rss, wall))
        figures["ranging"] = ranging
    shutil.rmtree(outputs, ignore_errors=True)
    memory = []
    if "memory" not in args.skip:
        results = pathlib.Path(tempfile.mkdtemp(prefix="beaconsim-bench-"))
        try:
            for hours in (1, 4, 16):
                scenario = (ROOT / "Scenarios/bench/mall-1h.yaml" if hours == 1
                            else generate("mall", folder / f"mall-{hours}h.yaml", "--hours", str(hours)))
                _, rss, cpu = run([args.beaconsim, "run", str(scenario), "--out", str(results), "--json"])
                memory.append((hours, rss, cpu))
        finally:
            shutil.rmtree(results, ignore_errors=True)
        figures["memory"] = [{"hours": h, "peakRSSMiB": rss, "cpuSeconds": cpu} for h, rss, cpu in memory]
    threads = []
    if "threads" not in args.skip:
        results = pathlib.Path(tempfile.mkdtemp(prefix="beaconsim-bench-"))
        try:
            # About a second of work per run: one run is at the mercy of the host, so three runs per
            # thread count, interleaved, and the median run of each (by wall time).
            runs = {1: [], 2: []}
            for _ in range(3):
                for count in (1, 2):
                    _, _, cpu, wall = run_timed([args.beaconsim, "check", str(ROOT / "Scenarios/retail-store.yaml"),
                                                 "--replications", "200", "--threads", str(count), "--out", str(results)])
                    runs[count].append((wall, cpu))
            for count in (1, 2):
                wall, cpu = sorted(runs[count])[1]
                threads.append((count, wall, cpu))
        finally:
            shutil.rmtree(results, ignore_errors=True)
        figures["threads"] = [{"threads": n, "wallSeconds": wall, "cpuSeconds": cpu} for n, wall, cpu in threads]
    load_after = os.getloadavg()

    naive_rate = next((row[4] for row in rows if row[0].startswith("naive")), None)
    print(f"load average before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, "
          f"after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f} ({os.cpu_count()} cores)")
    print()
    print("| case | link-packets | received | CPU s | wall s | link-packets per CPU-s | ns per link-packet | vs naive "
          "| x real time | peak MiB |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, packets, fraction, cpu, rate, realtime, rss, *wall in rows:
        ratio = f"{rate / naive_rate:.2f}x" if naive_rate else "-"
        print(f"| {name} | {packets / 1e6:.1f} M | {float(fraction):.6f} | {cpu:.2f} | "
              f"{f'{wall[0]:.2f}' if wall else '-'} | {rate / 1e6:.2f} M | "
              f"{1e9 / rate:.1f} | {ratio} | {realtime:.1f} | {rss:.0f} |")
    if len(naive_runs) > 1 and len(mall_runs) == len(naive_runs):
        print()
        ratios = sorted(n["cpu_s"] / m["cpuSeconds"] for n, m in zip(naive_runs, mall_runs))
        figures["mall-1hPairRatios"] = ratios
        print(f"naive loop and mall-1h, {len(naive_runs)} interleaved pairs (CPU s; the rows show the medians): "
              + " | ".join(f"{n['cpu_s']:.2f} / {m['cpuSeconds']:.2f} = {n['cpu_s'] / m['cpuSeconds']:.2f}x"
                           for n, m in zip(naive_runs, mall_runs))
              + f"  → median of the pair ratios {ratios[len(ratios) // 2]:.2f}x")
    if memory:
        print()
        print("`beaconsim run` of the mall-1h walker (timeline and metrics written), peak resident memory:")
        print(" | ".join(f"{h} h: {rss:.0f} MiB ({cpu:.1f} CPU s)" for h, rss, cpu in memory)
              + f"  → 16 h / 1 h = {memory[-1][1] / memory[0][1]:.2f}")
    if threads:
        print()
        print("`beaconsim check Scenarios/retail-store.yaml --replications 200`, wall time (median of 3 runs): "
              + " | ".join(f"{n} thread{'s' if n > 1 else ''}: {wall:.1f} s ({cpu:.1f} CPU s)" for n, wall, cpu in threads)
              + f"  → speed-up {threads[0][1] / threads[-1][1]:.2f}x")
    targets(naive_runs, mall_runs, mall_user, mall_quiet, crowd_run, ranging, figures)
    if args.json:
        figures["loadAverage"] = {"before": load_before, "after": load_after}
        pathlib.Path(args.json).write_text(json.dumps(figures, indent=2) + "\n")


def median(values):
    values = sorted(values)
    return values[len(values) // 2] if values else None


def targets(naive_runs, mall_runs, mall_user, mall_quiet, crowd_run, ranging, figures):
    """Issue 26's table: each target with this run's figure (medians of the interleaved runs)."""
    rows = []
    naive = median([r["cpu_s"] for r in naive_runs])
    bench_cpu = median([r["processCPUSeconds"] for r in mall_runs])
    bench_loop = median([r["cpuSeconds"] for r in mall_runs])
    run_cpu = median([r["cpuSeconds"] for r in mall_user])
    if bench_cpu and run_cpu:
        ratios = sorted(u["cpuSeconds"] / b["processCPUSeconds"] for u, b in zip(mall_user, mall_runs))
        rows.append(("`run` mall-1h, all outputs, vs `bench` of the same file", "≤ 1.3×",
                     f"{median(ratios):.2f}× (median of {len(ratios)} pairs; run {run_cpu:.2f} CPU s, bench {bench_cpu:.2f})"))
        figures["runVersusBench"] = ratios
    if naive and run_cpu:
        rows.append(("`run` mall-1h, all outputs, vs the naive loop", "≥ 5×", f"{naive / run_cpu:.2f}×"))
    if mall_user and mall_quiet:
        # Per pair: the bytes the timeline and track add over the CPU seconds they add.
        pairs = [((u["bytesWritten"] - q["bytesWritten"]), u["cpuSeconds"] - q["cpuSeconds"])
                 for u, q in zip(mall_user, mall_quiet)]
        rates = [written / extra / 1e6 if extra > 0 else float("inf") for written, extra in pairs]
        written, extra = sorted(pairs, key=lambda p: p[1])[len(pairs) // 2]
        figures["writerMBPerSecond"] = median(rates)
        lower = ""
        if bench_cpu and run_cpu and run_cpu > bench_cpu:
            total = median([u["bytesWritten"] for u in mall_user])
            lower = (f"; {total / (run_cpu - bench_cpu) / 1e6:.0f} MB/s counting all {run_cpu - bench_cpu:.2f} CPU s "
                     "`run` takes beyond `bench`")
        rows.append(("JSONL writer throughput", "≥ 300 MB/s",
                     f"{median(rates):.0f} MB/s (median of {len(rates)} pairs of `run` mall-1h with and without timeline "
                     f"and track: {written / 1e6:.1f} MB for {extra:.2f} CPU s, track collection included{lower})"))
    if 100 in ranging:
        r = ranging[100]
        walls = " / ".join(f"{w:.2f}" for w in r["wallSecondsOfRuns"])
        rows.append(("100 ranging phones × 200 beacons × 10 min, `run` with default outputs", "≥ 100× real time, ≤ 60 MB",
                     f"{r['seconds'] / r['wallSeconds']:.1f}× real time (wall {r['wallSeconds']:.2f} s, "
                     f"{r['cpuSeconds']:.2f} CPU s; median of {len(r['wallSecondsOfRuns'])} runs: {walls} s), "
                     f"{r['bytesWritten'] / 1e6:.1f} MB"))
    cores = os.cpu_count()
    rows.append(("1,000 ranging phones × 200 beacons × 1 h, `run`", "faster than real time, ≤ 300 MiB",
                 f"{ranging[1000]['seconds'] / ranging[1000]['wallSeconds']:.1f}× real time (wall "
                 f"{ranging[1000]['wallSeconds']:.1f} s, 8 phone shards on {cores} cores; {ranging[1000]['cpuSeconds']:.1f} "
                 f"CPU s), {ranging[1000]['peakRSSMiB']:.0f} MiB peak" if 1000 in ranging else "not measured (skipped)"))
    rows.append(("1,000 monitoring phones × 1 h, `run`", "≥ 25× on this machine",
                 f"{crowd_run['seconds'] / crowd_run['wallSeconds']:.1f}× real time (wall {crowd_run['wallSeconds']:.1f} s, "
                 f"8 phone shards on {cores} cores; {crowd_run['cpuSeconds']:.1f} CPU s = "
                 f"{crowd_run['seconds'] / crowd_run['cpuSeconds']:.1f}× per CPU-second; {crowd_run['peakRSSMiB']:.0f} MiB, "
                 f"{crowd_run['bytesWritten'] / 1e6:.1f} MB)" if crowd_run else "not measured (skipped)"))
    outputs = figures.get("crowdOutputs")
    if outputs:
        extra = outputs["runCPUSeconds"] - outputs["quietRunCPUSeconds"]
        rows.append(("1,000 monitoring phones: what the default outputs cost (not a target row)", "close to nothing",
                     f"{extra / outputs['seconds']:.4f} CPU s per simulated s (median of {len(outputs['pairs'])} pairs; "
                     f"{outputs['seconds']} s crowd: run "
                     f"{outputs['runCPUSeconds']:.1f} CPU s, without timeline and track {outputs['quietRunCPUSeconds']:.1f}), "
                     f"{outputs['bytesWritten'] * 3600 / outputs['seconds'] / 1e6:.1f} MB per simulated hour"))
    if naive and bench_loop:
        rows.append(("`bench` mall-1h vs the naive loop", "≥ 8×", f"{naive / bench_loop:.2f}× (simulation loop CPU s)"))
    print()
    print("Issue 26's targets, this run:")
    print()
    print("| case | target | measured |")
    print("|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
