#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The cluster path for real (issue 14): Debian's Slurm and munge on localhost, the documented array
# job (docs/cluster/sweep.sbatch, 4 shards of a small sweep) and the dependent merge job
# (docs/cluster/merge.sbatch); the merged sweep must equal the unsharded one byte for byte. Then one
# shard is re-submitted on its own (sbatch --array=2) and merged again: still equal. Then a small
# plan (docs/cluster/plan.sbatch, 3 shards of the two-floor shop's confirmation) merged by the same merge
# job must give the unsharded plan's plan.csv and plan.txt byte for byte. Every daemon
# this script starts is stopped at the end, whatever happens; every wait is bounded.
#
# Needs root (the daemons), or sudo for the package install and the daemons.
#   scripts/slurm-test.sh                 installs slurmctld, slurmd, slurm-client and munge if missing
#   BEACONSIM_BIN=path ...                the beaconsim binary (default .build/debug/beaconsim)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
BIN=$(realpath "${BEACONSIM_BIN:-.build/debug/beaconsim}")
fail() { echo "slurm-test: FAIL: $*" >&2; exit 1; }
say() { echo "slurm-test: $*" >&2; }
[ -x "$BIN" ] || fail "$BIN is missing: run swift build first"
if [ "$(id -u)" -ne 0 ]; then
    # The test cluster's daemons run as root: through sudo when not root.
    command -v sudo >/dev/null 2>&1 || fail "run as root (the Slurm and munge daemons of the test cluster run as root)"
    exec sudo -E BEACONSIM_BIN="$BIN" "$0" "$@"
fi

need=()
for tool in slurmctld:slurmctld slurmd:slurmd sbatch:slurm-client munged:munge; do
    command -v "${tool%%:*}" >/dev/null 2>&1 || need+=("${tool##*:}")
done
if [ ${#need[@]} -gt 0 ]; then
    say "installing ${need[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/beaconsim-slurm.XXXXXX")
chmod 700 "$work"
pids=()
cleanup() {
    local status=$?
    # Slurm's daemons first, cleanly (they end their job steps), then whatever is still running.
    [ -f "$work/slurm.conf" ] && SLURM_CONF="$work/slurm.conf" timeout 10 scontrol shutdown >/dev/null 2>&1 || true
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null || true
    done
    if [ $status -ne 0 ]; then
        for log in "$work"/*.log "$work"/run/logs/*; do [ -f "$log" ] && { echo "== $log"; tail -n 20 "$log"; } >&2; done
    fi
    rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_for() {  # seconds, description, command…
    local limit=$1 what=$2
    shift 2
    for _ in $(seq $((limit * 5))); do "$@" >/dev/null 2>&1 && return 0; sleep 0.2; done
    fail "timed out after ${limit} s waiting for $what"
}

# munge: a key of our own and a socket in the work folder, so a machine's own munged is untouched.
mungekey --create --keyfile="$work/munge.key" 2>/dev/null || dd if=/dev/urandom of="$work/munge.key" bs=1024 count=1 status=none
chmod 600 "$work/munge.key"
munged --force --foreground --socket="$work/munge.socket" --key-file="$work/munge.key" \
    --pid-file="$work/munged.pid" --log-file="$work/munged.log" --seed-file="$work/munged.seed" >"$work/munged.out" 2>&1 &
pids+=($!)
wait_for 10 "munged" test -S "$work/munge.socket"

host=$(hostname -s)
cpus=$(nproc)
mkdir -p "$work/state" "$work/spool" "$work/run/logs"
cat >"$work/slurm.conf" <<CONF
ClusterName=beaconsim-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge.socket
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
MailProg=/bin/true
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$work/slurm.conf"
slurmctld -D -f "$SLURM_CONF" >"$work/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" -N "$host" >"$work/slurmd.out" 2>&1 &
pids+=($!)
wait_for 60 "the node to be idle" bash -c 'sinfo -h -o %T | grep -qx idle'
say "single-node cluster up on $host ($cpus CPUs)"

# The small sweep: 2 × 2 points × 2 replications in 4 shards.
export BEACONSIM="$BIN" SCENARIO="$repo/Scenarios/retail-store.yaml" AXIS1='beacons.*.interval=100ms,1s' \
    AXIS2='phones.*.os=ios,android-abl' REPLICATIONS=2 SHARDS=4 NAME=retail-store
cd "$work/run"
job_done() {  # job id: true once no task of it is pending or running
    [ -z "$(squeue -h -j "$1" -o %T 2>/dev/null)" ]
}
submit_and_merge() {  # array range, merged results folder
    local array_job merge_job
    array_job=$(sbatch --parsable --array="$1" --cpus-per-task=1 "$repo/docs/cluster/sweep.sbatch")
    merge_job=$(sbatch --parsable --dependency=afterok:"$array_job" --export=ALL,RESULTS="$2" "$repo/docs/cluster/merge.sbatch")
    say "array job $array_job ($1), merge job $merge_job"
    wait_for 600 "job $merge_job" job_done "$merge_job"
    [ -d "$2/retail-store" ] || fail "the merge job $merge_job wrote no results (logs: $(cat logs/* 2>/dev/null | tail -n 5))"
}
same_as_unsharded() {  # merged results folder
    local merged
    merged=$(ls -d "$1"/retail-store/*-merged | tail -n 1)
    for file in sweep.csv sweep.json replications.jsonl replications.csv; do
        cmp -s "$merged/$file" "$unsharded/$file" || fail "$merged/$file differs from the unsharded $file"
    done
    say "$merged equals the unsharded sweep byte for byte"
}

"$BIN" sweep "$SCENARIO" --set "$AXIS1" --set "$AXIS2" --replications "$REPLICATIONS" --out unsharded >/dev/null || [ $? -eq 1 ]
unsharded=$(ls -d unsharded/retail-store/*-sweep-*)

submit_and_merge 0-3 merged-1
[ "$(ls -d shards/*/retail-store/*-shard*of4 | wc -l)" -eq 4 ] || fail "expected 4 shard folders: $(ls -d shards/*/*/*)"
same_as_unsharded merged-1

# Re-run shard 3 of 4 alone, as after a failed task: it must run exactly that shard.
submit_and_merge 2 merged-2
[ "$(ls -d shards/2/retail-store/*-shard3of4 | wc -l)" -eq 2 ] || fail "the re-run did not write a second shard 3/4"
grep -q "shard 3/4: .*(identical); using the newer" logs/*-merge.out || fail "the second merge did not use the re-run shard"
same_as_unsharded merged-2

# A small plan in 3 shards: a copy of the two-floor shop, the shipped venue where the plan needs
# fewer beacons than the hand-made layout (plans write their files beside the scenario).
mkdir -p plan
cp "$repo/Scenarios/layouts/two-floor-shop.yaml" plan/
export SCENARIO=plan/two-floor-shop.yaml REPLICATIONS=2 SHARDS=3 NAME=two-floor-shop \
    PLAN_OPTIONS="--tx-power 0 --coverage-targets 0.3 --pitch 4m --resolution 1m --seed 3"
# shellcheck disable=SC2086 # PLAN_OPTIONS holds several options
"$BIN" plan "$SCENARIO" $PLAN_OPTIONS --replications "$REPLICATIONS" --out plan-unsharded >/dev/null || [ $? -eq 1 ]
plan_job=$(sbatch --parsable --array=0-2 --cpus-per-task=1 "$repo/docs/cluster/plan.sbatch")
plan_merge=$(sbatch --parsable --dependency=afterok:"$plan_job" --export=ALL,RESULTS=plan-merged "$repo/docs/cluster/merge.sbatch")
say "plan array job $plan_job (0-2), merge job $plan_merge"
wait_for 600 "job $plan_merge" job_done "$plan_merge"
merged_plan=$(ls -d plan-merged/two-floor-shop/*-plan-seed3-n2 2>/dev/null | tail -n 1)
[ -n "$merged_plan" ] || fail "the plan merge job $plan_merge wrote no plan (logs: $(tail -n 5 logs/* 2>/dev/null))"
for file in plan.csv plan.txt; do
    cmp -s "$merged_plan/$file" plan-unsharded/two-floor-shop/*-plan-seed3-n2/"$file" \
        || fail "$merged_plan/$file differs from the unsharded plan's"
done
say "$merged_plan equals the unsharded plan byte for byte"
# The merged answer is the saving: fewer beacons than the hand-made layout, every claim met.
chosen=$(head -n 1 "$merged_plan/plan.txt")
[[ "$chosen" =~ :\ ([0-9]+)\ beacons\ \(hand-made:\ ([0-9]+)\),\ ([0-9]+)\ of\ ([0-9]+)\ claims ]] \
    || fail "the merged plan chose no layout: $chosen"
(( BASH_REMATCH[1] < BASH_REMATCH[2] && BASH_REMATCH[3] == BASH_REMATCH[4] )) \
    || fail "the merged plan saves no beacon or misses a claim: $chosen"
say "merged plan: $chosen"
echo "slurm-test: OK"
