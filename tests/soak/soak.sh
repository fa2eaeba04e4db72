#!/usr/bin/env bash
# Soak: the engine under a steady open-model load for a long time, with its
# sites reloaded every 10 s, watching what must not drift.
#
#   tests/soak/soak.sh [SECONDS] [BUILD_DIR]      (default 3600 s, build/)
#   env: CONNECTIONS=1000 (keep-alive), LOAD=0.7 (share of the measured capacity)
#
# 1. Measures capacity: a 10 s closed-model run on /ok over the soak's own
#    CONNECTIONS keep-alive connections (-c CONNECTIONS -k).
# 2. Runs `bench --rate LOAD*capacity -c CONNECTIONS -k` for SECONDS, while a
#    SIGHUP reloads the engine's sites every 10 s and the engine's resident
#    memory (VmRSS) and open descriptors are sampled every 10 s (soak.csv).
# 3. Prints: requests sent, answered, failed and unfinished by the generator;
#    responses counted by the engine (/metrics); resident memory after the
#    warm-up (the first 10% of the run) against the last sample; descriptors
#    before the load and after its connections closed.
# Server on CPU 0, generator on CPU 1 where there are two cores. Loopback only.
# On a machine that also runs other work, give the soak the higher priority:
# where the kernel groups processes by session (sched_autogroup_enabled=1),
# `nice` on the other work does not reach across sessions; there, run it with
# autogroup off (sysctl kernel.sched_autogroup_enabled=0) and nice -n -10.
# The run fails when the generator did not hold the rate it was given.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/../.."
SECONDS_TOTAL=${1:-3600}
BUILD=${2:-build}
CLI=$PWD/$BUILD/app/cli/hostbench-cli
CONNECTIONS=${CONNECTIONS:-1000}
LOAD=${LOAD:-0.7}
WORK=$(mktemp -d /tmp/hostbench-soak.XXXXXX)
source tests/perf/lib.sh
set_cpu_pinning
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"

cleanup() {
    [ -n "${SERVE:-}" ] && kill "$SERVE" 2>/dev/null && wait "$SERVE" 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT

mkdir -p "$WORK/site"
echo "soak" >"$WORK/site/index.html"
PORT=$(free_port)
CONTROL=$(free_port)
"${PIN_SERVER[@]}" "$CLI" serve "${SERVE_AS_ROOT[@]}" --listen "127.0.0.1:$PORT" --threads 1 --default "$WORK/site" --route /ok=OK \
    --access-log off --error-log off --control "127.0.0.1:$CONTROL" >"$WORK/serve.log" 2>&1 &
SERVE=$!
wait_for_port "$PORT"
URL=http://127.0.0.1:$PORT/ok

rss_kb() { awk '/^VmRSS/ {print $2}' "/proc/$SERVE/status"; }
fds() { ls "/proc/$SERVE/fd" | wc -l; }
engine_requests() {
    curl -s "http://127.0.0.1:$CONTROL/metrics" | awk '$1 == "hostbench_requests_total" {print $2}'
}

capacity=$("${PIN_CLIENT[@]}" "$CLI" bench -c "$CONNECTIONS" -k -t 10 --no-store --json "$WORK/capacity.json" "$URL" >/dev/null 2>&1 &&
    python3 -c 'import json,sys; print(int(json.load(open(sys.argv[1]))["requests_per_second"]))' "$WORK/capacity.json")
rate=$(python3 -c "print(int($capacity * $LOAD))")
fds_before=$(fds)
requests_before=$(engine_requests)
echo "soak: capacity $capacity req/s (closed, -c $CONNECTIONS -k); open model at $rate req/s over $CONNECTIONS connections for $SECONDS_TOTAL s"

"${PIN_CLIENT[@]}" "$CLI" bench --rate "$rate" -c "$CONNECTIONS" -k -t "$SECONDS_TOTAL" --no-store \
    --json "$WORK/soak.json" "$URL" >"$WORK/bench.log" 2>&1 &
BENCH=$!
echo "elapsed_s,rss_kb,fds,engine_requests" >"$WORK/soak.csv"
start=$(date +%s)
reloads=0
while kill -0 "$BENCH" 2>/dev/null; do
    sleep 10
    kill -HUP "$SERVE"
    reloads=$((reloads + 1))
    echo "$(($(date +%s) - start)),$(rss_kb),$(fds),$(engine_requests)" >>"$WORK/soak.csv"
done
wait "$BENCH" || { cat "$WORK/bench.log"; exit 1; }
sleep 7 # the keep-alive timeout (5 s) closes what the generator left open
fds_after=$(fds)
requests_after=$(engine_requests)
cp "$WORK/soak.csv" "${SOAK_CSV:-/tmp/hostbench-soak.csv}"

python3 - "$WORK/soak.json" "$WORK/soak.csv" "$requests_before" "$requests_after" "$fds_before" "$fds_after" \
    "$reloads" "$(grep -c '^Reloaded' "$WORK/serve.log" || true)" "$capacity" "$rate" <<'PY'
import csv, json, sys
run = json.load(open(sys.argv[1]))
rows = list(csv.DictReader(open(sys.argv[2])))
engine = int(sys.argv[4]) - int(sys.argv[3])
fds_before, fds_after, reloads, reloaded, capacity, rate = map(int, sys.argv[5:11])
warm = rows[max(0, len(rows) // 10 - 1)]
last = rows[-1]
rss_warm, rss_last = int(warm["rss_kb"]), int(last["rss_kb"])
rss_max = max(int(r["rss_kb"]) for r in rows[len(rows) // 10:])
drift = (rss_last - rss_warm) / rss_warm * 100
print(f"generator: {run['completed']} answered, {run['failed']} failed, {run.get('unfinished', 0)} unfinished, "
      f"{run.get('not_sent', 0)} not sent; {run['requests_per_second']:.0f} req/s; "
      f"p50 {run['latency_ms']['p50']:.3f} ms, p99 {run['latency_ms']['p99']:.3f} ms")
print(f"engine:    {engine} responses counted (generator answered + unfinished = "
      f"{run['completed'] + run.get('unfinished', 0)}; difference {engine - run['completed']})")
print(f"memory:    VmRSS {rss_warm} KiB after warm-up ({warm['elapsed_s']} s), {rss_last} KiB at the end, "
      f"max {rss_max} KiB after warm-up: drift {drift:+.1f}%")
print(f"fds:       {fds_before} before the load, {fds_after} after it ended")
print(f"reloads:   {reloads} SIGHUPs sent, {reloaded} reloads reported by serve")
# The load asked for must be the load given: a generator that fell behind its
# schedule (requests not sent) ran a lighter soak than the one reported.
scheduled = run['completed'] + run['failed'] + run.get('unfinished', 0) + run.get('not_sent', 0)
held = run.get('not_sent', 0) <= scheduled / 1000 and run['requests_per_second'] >= 0.95 * rate
print(f"load:      {run['requests_per_second']:.0f} req/s of {rate} asked, "
      f"{run['requests_per_second'] / capacity * 100:.0f}% of the capacity; "
      f"{run.get('not_sent', 0)} of {scheduled} scheduled not sent: " + ("held" if held else "NOT HELD"))
ok = (run['failed'] == 0 and abs(drift) <= 5 and fds_after <= fds_before and reloaded == reloads
      and engine == run['completed'] + run.get('unfinished', 0) and held)
print("soak: " + ("PASS" if ok else "FAIL"))
sys.exit(0 if ok else 1)
PY
