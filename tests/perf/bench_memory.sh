#!/usr/bin/env bash
# Does the load generator's memory stay flat over a long run? Runs
# `hostbench-cli bench` for SECONDS against nginx (one worker, access log
# off, a 2-byte `location = /ok`) or against `hostbench-cli serve`, and
# samples the generator's resident set (VmRSS in /proc/PID/status) every
# EVERY seconds; prints each sample, then the first, last and max and the
# growth from the first sample to the last. Exits 1 when the growth passes
# MAX_GROWTH_KIB (the interval series kept for the report grows by design,
# about 0.05 MiB a minute at 10 samples/s).
#
#   tests/perf/bench_memory.sh [SECONDS] [CLI]
#   SECONDS defaults to 600 (10 minutes); CLI to $HOSTBENCH_CLI, else build/app/cli/hostbench-cli.
#   env: TARGET=nginx|serve (default nginx when installed)
#        RATE=10000 (requests/s, open model; RATE=0 for the closed model)
#        CONNECTIONS=50  EVERY=10 (seconds)  MAX_GROWTH_KIB=4096
# The server is pinned to CPU 0 and the generator to CPU 1 (taskset) when
# the machine has two or more cores.
set -euo pipefail
cd "$(dirname "$0")/../.."
source tests/perf/lib.sh
SECONDS_TOTAL=${1:-600}
CLI=${2:-${HOSTBENCH_CLI:-build/app/cli/hostbench-cli}}
[ -x "$CLI" ] || { echo "no $CLI: build hostbench-cli first, or pass its path" >&2; exit 1; }
CLI=$(readlink -f "$CLI")
RATE=${RATE:-10000}
CONNECTIONS=${CONNECTIONS:-50}
EVERY=${EVERY:-10}
MAX_GROWTH_KIB=${MAX_GROWTH_KIB:-4096}
if [ -z "${TARGET:-}" ]; then
    if command -v nginx >/dev/null; then TARGET=nginx; else TARGET=serve; fi
fi
command -v python3 >/dev/null || { echo "python3 is missing" >&2; exit 1; }

WORK=$(mktemp -d /tmp/hostbench-memory.XXXXXX)
mkdir -p "$WORK/logs" "$WORK/site" "$WORK/data"
SERVER_PID=
BENCH_PID=
cleanup() {
    [ -n "$BENCH_PID" ] && kill "$BENCH_PID" 2>/dev/null || true
    [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
    [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null || true
    sleep 0.3
    rm -rf "$WORK"
}
trap cleanup EXIT

set_cpu_pinning

case "$TARGET" in
nginx)
    PORT=$(free_port)
    write_nginx_ok_conf "$PORT" 100000000
    "${PIN_SERVER[@]}" nginx -p "$WORK" -c "$WORK/nginx.conf" -e "$WORK/logs/error.log"
    SERVER="nginx $(nginx -v 2>&1 | sed 's/.*\///')"
    ;;
serve)
    echo OK > "$WORK/site/index.html"
    "${PIN_SERVER[@]}" "$CLI" serve "${SERVE_AS_ROOT[@]}" --listen 127.0.0.1:0 --threads 1 --default "$WORK/site" --route /ok=OK \
        --control off --data-dir "$WORK/data" > "$WORK/serve.txt" 2>&1 &
    SERVER_PID=$!
    PORT=
    for _ in $(seq 100); do
        PORT=$(sed -n 's|^Serving http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$WORK/serve.txt" | head -1)
        [ -n "$PORT" ] && break
        sleep 0.1
    done
    [ -n "$PORT" ] || { echo "hostbench-cli serve did not start:" >&2; cat "$WORK/serve.txt" >&2; exit 1; }
    SERVER="hostbench-cli serve (1 thread)"
    ;;
*) echo "TARGET must be nginx or serve, not $TARGET" >&2; exit 1 ;;
esac
wait_for_port "$PORT"
URL="http://127.0.0.1:$PORT/ok"

MODEL=(--threads 1 -c "$CONNECTIONS" -k -t "$SECONDS_TOTAL")
DESCRIPTION="closed model"
if [ "$RATE" != 0 ]; then MODEL+=(--rate "$RATE"); DESCRIPTION="--rate $RATE"; fi
echo "$(basename "$CLI") bench ${MODEL[*]} against $SERVER at $URL; RSS every ${EVERY}s"
"${PIN_CLIENT[@]}" "$CLI" bench --no-store "${MODEL[@]}" --json "$WORK/run.json" "$URL" > "$WORK/bench.txt" 2>&1 &
BENCH_PID=$!

samples=()
elapsed=0
while kill -0 "$BENCH_PID" 2>/dev/null; do
    sleep "$EVERY"
    elapsed=$((elapsed + EVERY))
    rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$BENCH_PID/status" 2>/dev/null || true)
    [ -n "$rss" ] || break
    samples+=("$rss")
    printf '%6ss  RSS %8s KiB\n' "$elapsed" "$rss"
done
status=0
wait "$BENCH_PID" || status=$?
BENCH_PID=
[ "$status" -eq 0 ] || { echo "the bench exited with $status:" >&2; cat "$WORK/bench.txt" >&2; exit 1; }
[ "${#samples[@]}" -ge 2 ] || { echo "fewer than 2 samples: run longer than 2 x ${EVERY}s" >&2; exit 1; }

rps=$(python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print(f\"{j['requests_per_second']:.0f} req/s, {j['completed']} completed, {j['failed']} failed, p99 {j['latency_ms']['p99']:.3f} ms\")" "$WORK/run.json")
first=${samples[0]}
last=${samples[-1]}
max=$(printf '%s\n' "${samples[@]}" | sort -n | tail -1)
growth=$((last - first))
echo "run: $DESCRIPTION, ${SECONDS_TOTAL}s: $rps"
echo "RSS KiB: first $first, last $last, max $max, growth $growth over $(( (${#samples[@]} - 1) * EVERY ))s (samples: ${#samples[@]})"
if [ "$growth" -gt "$MAX_GROWTH_KIB" ]; then
    echo "NOT FLAT: grew by more than $MAX_GROWTH_KIB KiB"
    exit 1
fi
echo "flat (growth within $MAX_GROWTH_KIB KiB)"
