#!/usr/bin/env bash
# The reference workloads (shared/WORKLOADS.md, W1-W6) against Hostbench and
# against nginx from Debian's package, in the same run, on the same files,
# with the same load generator (hostbench-cli bench). Prints each run's
# figures and the ratio Hostbench / nginx. Absolute figures mean little on a
# 2-core machine shared by server and generator: read the ratios.
#
#   tests/perf/workloads.sh [BUILD_DIR]
#   env: WORKLOADS="W1 W1k W2 W3 W4 W5 W6"  SCALE=1 (multiplies request counts)
#        REPORT=1 (print the full ab-style reports)
# Both servers get one worker; the server is pinned to CPU 0 and the load
# generator to CPU 1 (taskset) when the machine has two or more cores; both
# servers run in sessions of their own (setsid).
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD=${1:-build}
CLI=$(readlink -f "$BUILD/app/cli/hostbench-cli")
[ -x "$CLI" ] || { echo "no $CLI: build first (./hostbench.sh build)" >&2; exit 1; }
if ! command -v nginx >/dev/null; then
    [ "$(id -u)" -eq 0 ] || { echo "nginx missing: apt-get install nginx-light" >&2; exit 1; }
    apt-get install -y -qq nginx-light >/dev/null
fi
WORKLOADS=${WORKLOADS:-"W1 W1k W2 W3 W4 W5 W6"}
SCALE=${SCALE:-1}

WORK=$(mktemp -d /tmp/hostbench-perf.XXXXXX)
DOCROOT=$WORK/site
mkdir -p "$DOCROOT" "$WORK/nginx/logs" "$WORK/data"
# Text of exactly 4,070 bytes (a pipe ending in head would die of SIGPIPE under pipefail).
python3 -c 'import base64, os, sys; sys.stdout.write(base64.encodebytes(os.urandom(4000)).decode()[:4070])' > "$DOCROOT/x.txt"
head -c 45056 /dev/urandom > "$DOCROOT/photo.jpg"
head -c 1414000 /dev/urandom > "$DOCROOT/archive.zip"
head -c 134217728 /dev/zero > "$DOCROOT/huge.bin"
# nginx's workers run as an unprivileged user: let them read the files.
chmod 755 "$WORK" "$DOCROOT"
chmod 644 "$DOCROOT"/*

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_port() {
    for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.1; done
    echo "nothing listens on port $1" >&2; return 1
}
PIN_SERVER=() PIN_CLIENT=()
if [ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null; then PIN_SERVER=(taskset -c 0); PIN_CLIENT=(taskset -c 1); fi

HB_PORT=$(free_port)
NGX_PORT=$(free_port)
cat > "$WORK/nginx/nginx.conf" <<NGX
worker_processes 1;
error_log $WORK/nginx/logs/error.log warn;
pid $WORK/nginx/nginx.pid;
events { worker_connections 4096; }
http {
    include /etc/nginx/mime.types;
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    # Hostbench keeps small files in memory, revalidated each second: give
    # nginx its equivalent, so that neither opens a file per request.
    open_file_cache max=1000 inactive=60s;
    open_file_cache_valid 1s;
    server {
        listen 127.0.0.1:$NGX_PORT reuseport;
        root $DOCROOT;
        location = /hello { default_type text/plain; return 200 "hello"; }
        location = /ok { default_type text/plain; return 200 "OK"; }
    }
}
NGX

cleanup() {
    [ -n "${HB_PID:-}" ] && kill "$HB_PID" 2>/dev/null || true
    [ -f "$WORK/nginx/nginx.pid" ] && kill "$(cat "$WORK/nginx/nginx.pid")" 2>/dev/null || true
    sleep 0.3
    rm -rf "$WORK"
}
trap cleanup EXIT

# setsid: a server started in this session would share its CPU scheduling
# group (autogroup) with the load generator, while nginx, a daemon, gets its
# own; that alone skews loaded runs towards nginx by up to 2x.
setsid "${PIN_SERVER[@]}" "$CLI" serve $([ "$(id -u)" = 0 ] && echo --user root) --listen "127.0.0.1:$HB_PORT" --threads 1 --control off \
    --default "$DOCROOT" --route /hello=hello --route /ok=OK > "$WORK/serve.log" 2>&1 &
HB_PID=$!
"${PIN_SERVER[@]}" nginx -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -e "$WORK/nginx/logs/error.log"
wait_port "$HB_PORT"
wait_port "$NGX_PORT"

echo "Hostbench $("$CLI" --version 2>/dev/null | head -1) vs $(nginx -v 2>&1 | sed 's/.*: //') on $(nproc) cores, $(date -u +%FT%TZ)"
printf '%-5s %-13s %-18s %12s %12s %8s %9s %9s %8s\n' id path load hostbench nginx ratio "p99 hb" "p99 ngx" failed

# id path concurrency requests keep-alive(0/1)
spec() {
    case $1 in
    W1)  echo "/x.txt 50 50000 0" ;;
    W1k) echo "/x.txt 50 50000 1" ;;
    W2)  echo "/photo.jpg 50 20000 1" ;;
    W3)  echo "/archive.zip 10 2000 1" ;;
    W4)  echo "/huge.bin 4 40 1" ;;
    W5)  echo "/hello 50 50000 0" ;;
    W6)  echo "/ok 10 100000 1" ;;
    *)   echo "" ;;
    esac
}

run_bench() { # port path c n k out
    local args=(bench --no-store -c "$3" -n "$4" --json "$6")
    [ "$5" = 1 ] && args+=(-k)
    "${PIN_CLIENT[@]}" "$CLI" "${args[@]}" "http://127.0.0.1:$1$2" > "$6.txt" 2>&1
    [ "${REPORT:-0}" = 1 ] && cat "$6.txt"
    return 0
}
field() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$1" "$2"; }

for w in $WORKLOADS; do
    read -r path c n k <<<"$(spec "$w")" || true
    [ -n "${path:-}" ] || { echo "unknown workload $w" >&2; continue; }
    n=$((n * SCALE))
    run_bench "$HB_PORT" "$path" "$c" "$n" "$k" "$WORK/$w-hb.json"
    run_bench "$NGX_PORT" "$path" "$c" "$n" "$k" "$WORK/$w-ngx.json"
    hb=$(field "$WORK/$w-hb.json" "round(d['requests_per_second'])")
    ngx=$(field "$WORK/$w-ngx.json" "round(d['requests_per_second'])")
    ratio=$(python3 -c "print(f'{$hb/max($ngx,1):.2f}')")
    p99hb=$(field "$WORK/$w-hb.json" "d['latency_ms']['p99']")
    p99ngx=$(field "$WORK/$w-ngx.json" "d['latency_ms']['p99']")
    failed=$(field "$WORK/$w-hb.json" "d['failed']+d.get('non_2xx',0)")/$(field "$WORK/$w-ngx.json" "d['failed']+d.get('non_2xx',0)")
    load="-c $c -n $n$([ "$k" = 1 ] && echo ' -k' || true)"
    printf '%-5s %-13s %-18s %12s %12s %8s %9s %9s %8s\n' "$w" "$path" "$load" "$hb" "$ngx" "$ratio" "$p99hb" "$p99ngx" "$failed"
done
echo "Hostbench peak resident memory: $(grep VmHWM /proc/$HB_PID/status | awk '{print $2, $3}')"
