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
#
# The h2 rows (issue #27), when h2load (nghttp2-client) is there: h2load and
# `bench --h2` in turn against a second nginx serving a 4070-byte file over
# h2c (prior knowledge), then over TLS 1.3 with h2 by ALPN (a certificate
# made with openssl; bench --insecure), `-n H2_REQUESTS -c 10 -m 10` and
# `-n H2_REQUESTS -c 10 --streams 10`, RUNS times each; the median ratio
# ours / h2load should be >= 1. env: H2=0 skips them, H2_REQUESTS=200000.
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
    [ -f "$WORK/h2/nginx.pid" ] && kill "$(cat "$WORK/h2/nginx.pid")" 2>/dev/null || true
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

# The h2 row: h2load against bench --h2, the same nginx, -c 10, 10 streams each.
H2=${H2:-1}
if [ "$H2" = 0 ] || ! command -v h2load >/dev/null; then
    [ "$H2" = 0 ] || echo "h2 row skipped: h2load is missing (apt-get install nghttp2-client)"
    exit 0
fi
H2_REQUESTS=${H2_REQUESTS:-200000}
H2_PORT=$(free_port)
H2_TLS_PORT=$(free_port)
mkdir -p "$WORK/h2/logs" "$WORK/h2/html"
head -c 4070 /dev/zero | tr '\0' h > "$WORK/h2/html/4070"
# nginx's worker (nobody, when root starts it) reads the file: the folders above it open to all.
chmod a+rx "$WORK" "$WORK/h2" "$WORK/h2/html" && chmod a+r "$WORK/h2/html/4070"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$WORK/h2/key.pem" \
    -out "$WORK/h2/cert.pem" -days 2 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 2>/dev/null
cat > "$WORK/h2/nginx.conf" <<NGX
worker_processes 1;
daemon on;
error_log $WORK/h2/logs/error.log warn;
pid $WORK/h2/nginx.pid;
events { worker_connections 4096; }
http {
    access_log off;
    keepalive_requests 1000000;
    sendfile on;
    open_file_cache max=16;
    client_body_temp_path $WORK/h2/body;
    proxy_temp_path $WORK/h2/proxy;
    fastcgi_temp_path $WORK/h2/fastcgi;
    uwsgi_temp_path $WORK/h2/uwsgi;
    scgi_temp_path $WORK/h2/scgi;
    server {
        listen 127.0.0.1:$H2_PORT http2;
        listen 127.0.0.1:$H2_TLS_PORT ssl http2;
        ssl_certificate $WORK/h2/cert.pem;
        ssl_certificate_key $WORK/h2/key.pem;
        ssl_protocols TLSv1.3;
        root $WORK/h2/html;
    }
}
NGX
"${PIN_SERVER[@]}" nginx -p "$WORK/h2" -c "$WORK/h2/nginx.conf" -e "$WORK/h2/logs/error.log"
wait_for_port "$H2_PORT"
wait_for_port "$H2_TLS_PORT"
h2_cpu_us_per_request() {
    [ -s "$WORK/cpu" ] || { echo -; return; }
    python3 -c "import sys; u, s = map(float, open(sys.argv[1]).read().split()[-2:]); print(f'{(u + s) * 1e6 / $H2_REQUESTS:.2f}')" "$WORK/cpu"
}
run_h2load() {
    rm -f "$WORK/cpu"
    "${TIME[@]}" "${PIN_CLIENT[@]}" h2load -n "$H2_REQUESTS" -c 10 -m 10 -t 1 "$H2_URL" > "$WORK/h2load.txt" 2>&1 || true
    grep -q "$H2_REQUESTS succeeded" "$WORK/h2load.txt" || { cat "$WORK/h2load.txt" >&2; return 1; }
    awk '/^finished in/ { sub(/,$/, "", $4); printf "%.0f\n", $4 }' "$WORK/h2load.txt"
}
run_ours_h2() {
    rm -f "$WORK/ours-h2.json" "$WORK/cpu"
    "${TIME[@]}" "${PIN_CLIENT[@]}" "$CLI" bench --no-store --h2 --insecure --threads 1 -c 10 --streams 10 -n "$H2_REQUESTS" \
        --json "$WORK/ours-h2.json" "$H2_URL" > "$WORK/ours-h2.txt" 2>&1 || true
    python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['completed'] == int(sys.argv[2]) and d['non_2xx'] == 0, d; print(round(d['requests_per_second']))" \
        "$WORK/ours-h2.json" "$H2_REQUESTS"
}
h2_row() { # LABEL URL
    local label=$1 i h o hcpu ocpu r
    H2_URL=$2
    echo
    echo "h2: h2load and $(basename "$CLI") bench --h2: $label, 1 thread, 10 connections, 10 streams each, $H2_REQUESTS requests of 4070 bytes, $RUNS runs"
    printf '%-4s %14s %12s %8s %17s %15s\n' run "h2load req/s" "ours req/s" ratio "h2load cpu us/req" "ours cpu us/req"
    h2_ratios=() h2_cpu_ratios=()
    for i in $(seq "$RUNS"); do
        if [ $((i % 2)) -eq 1 ]; then
            h=$(run_h2load); hcpu=$(h2_cpu_us_per_request)
            o=$(run_ours_h2); ocpu=$(h2_cpu_us_per_request)
        else
            o=$(run_ours_h2); ocpu=$(h2_cpu_us_per_request)
            h=$(run_h2load); hcpu=$(h2_cpu_us_per_request)
        fi
        [ -n "$h" ] && [ -n "$o" ] || { echo "h2 run $i: no figure (h2load: '$h', ours: '$o')" >&2; cat "$WORK/ours-h2.txt" >&2; exit 1; }
        r=$(python3 -c "print(f'{$o/max($h,1):.3f}')")
        h2_ratios+=("$r")
        [ "$hcpu" != - ] && [ "$ocpu" != - ] && h2_cpu_ratios+=("$(python3 -c "print(f'{$hcpu/max($ocpu,0.01):.3f}')")")
        printf '%-4s %14s %12s %8s %17s %15s\n' "$i" "$h" "$o" "$r" "$hcpu" "$ocpu"
    done
    echo "median ratio ours/h2load ($label, -c 10 -m 10): $(median "${h2_ratios[@]}") (target >= 1)"
    [ "${#h2_cpu_ratios[@]}" -gt 0 ] && echo "median CPU time per request h2load/ours: $(median "${h2_cpu_ratios[@]}") (above 1: ours costs less per request)"
    return 0
}
h2_row "h2c" "http://127.0.0.1:$H2_PORT/4070"
h2_row "h2 over TLS 1.3" "https://127.0.0.1:$H2_TLS_PORT/4070"
exit 0
