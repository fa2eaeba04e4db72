#!/usr/bin/env bash
# Is the load generator ever the bottleneck? Runs wrk and `hostbench-cli
# bench` in turn against the same nginx (one worker, access log off, a
# 2-byte `location = /ok`), with the same load: one generator thread, 50
# keep-alive connections, 5 seconds; RUNS times each. Prints every figure
# and the median ratio ours / wrk, which should be >= 1 (the target).
#
#   tests/perf/bench_vs_wrk.sh [CLI]
#   CLI defaults to $HOSTBENCH_CLI, else build/app/cli/hostbench-cli.
#   env: RUNS=3  DURATION=5 (seconds)  CONNECTIONS=50
# nginx is pinned to CPU 0 and the generators to CPU 1 (taskset) when the
# machine has two or more cores, so that both generators get the same core.
# On a machine shared with builds, the three run at a higher priority
# (NICE=-10, when allowed; NICE=0 turns it off), and each pair of runs
# alternates which generator goes first. The CPU time per request, which
# other load disturbs less than the rate, is compared too.
set -euo pipefail
cd "$(dirname "$0")/../.."
source tests/perf/lib.sh
CLI=${1:-${HOSTBENCH_CLI:-build/app/cli/hostbench-cli}}
[ -x "$CLI" ] || { echo "no $CLI: build hostbench-cli first, or pass its path" >&2; exit 1; }
CLI=$(readlink -f "$CLI")
for tool in nginx wrk python3; do
    command -v "$tool" >/dev/null || { echo "$tool is missing (apt-get install nginx-light wrk)" >&2; exit 1; }
done
RUNS=${RUNS:-3}
DURATION=${DURATION:-5}
CONNECTIONS=${CONNECTIONS:-50}

WORK=$(mktemp -d /tmp/hostbench-vs-wrk.XXXXXX)
mkdir -p "$WORK/logs"
PORT=$(free_port)
write_nginx_ok_conf "$PORT" 1000000

cleanup() {
    [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
    sleep 0.3
    rm -rf "$WORK"
}
trap cleanup EXIT

set_cpu_pinning
NICE=${NICE:--10}
if [ "$NICE" != 0 ] && nice -n "$NICE" true 2>/dev/null && [ "$(nice -n "$NICE" nice 2>/dev/null)" -lt "$(nice)" ]; then
    PIN_SERVER=(nice -n "$NICE" "${PIN_SERVER[@]}")
    PIN_CLIENT=(nice -n "$NICE" "${PIN_CLIENT[@]}")
else
    NICE=0
fi
"${PIN_SERVER[@]}" nginx -p "$WORK" -c "$WORK/nginx.conf" -e "$WORK/logs/error.log"
wait_for_port "$PORT"
URL="http://127.0.0.1:$PORT/ok"
curl_ok=$(python3 -c "import urllib.request,sys; print(urllib.request.urlopen(sys.argv[1]).read().decode())" "$URL")
[ "$curl_ok" = OK ] || { echo "nginx does not answer OK on $URL" >&2; exit 1; }

TIME=()
[ -x /usr/bin/time ] && TIME=(/usr/bin/time -o "$WORK/cpu" -f "%U %S")
cpu_us_per_request() { # requests/s
    [ -s "$WORK/cpu" ] || { echo -; return; }
    python3 -c "import sys; u, s = map(float, open(sys.argv[1]).read().split()[-2:]); print(f'{(u + s) * 1e6 / max(1.0, float(sys.argv[2]) * $DURATION):.2f}')" "$WORK/cpu" "$1"
}
run_wrk() {
    rm -f "$WORK/cpu"
    "${TIME[@]}" "${PIN_CLIENT[@]}" wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" "$URL" > "$WORK/wrk.txt" 2>&1
    awk '/^Requests\/sec:/ { printf "%.0f\n", $2 }' "$WORK/wrk.txt"
}
run_ours() {
    rm -f "$WORK/ours.json" "$WORK/cpu"
    "${TIME[@]}" "${PIN_CLIENT[@]}" "$CLI" bench --no-store --threads 1 -c "$CONNECTIONS" -k -t "$DURATION" \
        --json "$WORK/ours.json" "$URL" > "$WORK/ours.txt" 2>&1 || true
    if [ -s "$WORK/ours.json" ]; then
        python3 -c "import json,sys; print(round(json.load(open(sys.argv[1]))['requests_per_second']))" "$WORK/ours.json"
    else
        awk '/^Requests per second:/ { printf "%.0f\n", $4 }' "$WORK/ours.txt"
    fi
}

echo "nginx $(nginx -v 2>&1 | sed 's/.*\///'), wrk and $(basename "$CLI"): 1 thread, $CONNECTIONS connections, keep-alive, ${DURATION}s, $RUNS runs, $(nproc) cores, nice $NICE"
printf '%-4s %12s %12s %8s %14s %14s\n' run "wrk req/s" "ours req/s" ratio "wrk cpu us/req" "ours cpu us/req"
ratios=() cpu_ratios=()
for i in $(seq "$RUNS"); do
    if [ $((i % 2)) -eq 1 ]; then
        w=$(run_wrk); wcpu=$(cpu_us_per_request "${w:-0}")
        o=$(run_ours); ocpu=$(cpu_us_per_request "${o:-0}")
    else
        o=$(run_ours); ocpu=$(cpu_us_per_request "${o:-0}")
        w=$(run_wrk); wcpu=$(cpu_us_per_request "${w:-0}")
    fi
    [ -n "$w" ] && [ -n "$o" ] || { echo "run $i: no figure (wrk: '$w', ours: '$o')" >&2; cat "$WORK/ours.txt" >&2; exit 1; }
    r=$(python3 -c "print(f'{$o/max($w,1):.3f}')")
    ratios+=("$r")
    [ "$wcpu" != - ] && [ "$ocpu" != - ] && cpu_ratios+=("$(python3 -c "print(f'{$wcpu/max($ocpu,0.01):.3f}')")")
    printf '%-4s %12s %12s %8s %14s %14s\n' "$i" "$w" "$o" "$r" "$wcpu" "$ocpu"
done
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
echo "median ratio ours/wrk: $(median "${ratios[@]}") (target >= 1)"
[ "${#cpu_ratios[@]}" -gt 0 ] && echo "median CPU time per request wrk/ours: $(median "${cpu_ratios[@]}") (above 1: ours costs less per request)"
exit 0
