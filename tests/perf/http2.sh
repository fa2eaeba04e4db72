#!/usr/bin/env bash
# HTTP/2 (issue #27): Hostbench's engine against nginx under h2load, h2c with
# prior knowledge (no TLS cost in the way), one worker each, access log off.
#   W1h2: h2load -n $REQUESTS -c 10 -m 10  /x.txt   the 4,070-byte W1 file
#   W2h2: h2load -n $REQUESTS -c 10 -m 10  /y.bin   the 45,056-byte W2 file
# Runs each measurement $ROUNDS times, alternating servers, and prints the
# best of each and the ratio; on a shared machine only the ratio means
# something. Needs h2load (nghttp2-client), nginx, curl, python3.
#
# Usage: tests/perf/http2.sh [path/to/hostbench-cli]   (ROUNDS=3, REQUESTS=100000 by default)
set -euo pipefail

CLI=${1:-build/app/cli/hostbench-cli}
ROUNDS=${ROUNDS:-3}
REQUESTS=${REQUESTS:-100000}
for tool in "$CLI" h2load nginx curl python3; do
    command -v "$tool" > /dev/null || { echo "missing: $tool" >&2; exit 2; }
done

work=$(mktemp -d /tmp/hostbench-h2.XXXXXX)
chmod 755 "$work" # nginx's workers run as nobody
hb_pid=""
cleanup() {
    [ -n "$hb_pid" ] && kill "$hb_pid" 2> /dev/null && wait "$hb_pid" 2> /dev/null || true
    [ -f "$work/nginx/nginx.pid" ] && nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -s quit 2> /dev/null || true
    sleep 0.5
    rm -rf "$work"
}
trap cleanup EXIT

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
wait_for() {
    for _ in $(seq 100); do
        curl -fs --http2-prior-knowledge "$1" > /dev/null 2>&1 && return 0
        sleep 0.1
    done
    echo "no HTTP/2 answer from $1" >&2
    exit 1
}
# Requests per second, and a failure said when h2load counted one.
h2_rps() {
    h2load -n "$REQUESTS" -c 10 -m 10 "$1" 2>&1 | awk '
        /^finished in/ { gsub(",", "", $4); print $4 }
        /^requests:/ && ($10 != 0 || $12 != 0) { print "FAILED " $0 > "/dev/stderr" }'
}
best() { printf '%s\n' "$@" | sort -g | tail -1; }

mkdir -p "$work/root" "$work/nginx/logs" "$work/data"
python3 -c 'import sys; sys.stdout.write(("Hostbench W1 " * 400)[:4070])' > "$work/root/x.txt"
head -c 45056 /dev/urandom > "$work/root/y.bin"

hb_port=$(free_port)
# setsid: a session of its own, like the nginx daemon (autogroup scheduling).
HOSTBENCH_DATA_DIR="$work/data" setsid "$CLI" serve $([ "$(id -u)" = 0 ] && echo --user root) \
    --listen "127.0.0.1:$hb_port" --threads 1 --default "$work/root" --control off > "$work/hostbench.log" 2>&1 &
hb_pid=$!

ngx_port=$(free_port)
cat > "$work/nginx/nginx.conf" << CONF
worker_processes 1;
error_log $work/nginx/logs/error.log;
pid $work/nginx/nginx.pid;
events { worker_connections 4096; }
http {
    access_log off;
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    open_file_cache max=100;
    keepalive_requests 1000000;
    server {
        listen 127.0.0.1:$ngx_port http2;
        root $work/root;
    }
}
CONF
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf"

hb="http://127.0.0.1:$hb_port"
ngx="http://127.0.0.1:$ngx_port"
wait_for "$hb/x.txt"
wait_for "$ngx/x.txt"

for row in "W1h2 /x.txt" "W2h2 /y.bin"; do
    set -- $row
    name=$1 path=$2
    hb_runs=() ngx_runs=()
    for _ in $(seq "$ROUNDS"); do
        hb_runs+=("$(h2_rps "$hb$path")")
        ngx_runs+=("$(h2_rps "$ngx$path")")
    done
    h=$(best "${hb_runs[@]}")
    n=$(best "${ngx_runs[@]}")
    printf '%-5s hostbench %10.0f req/s   nginx %10.0f req/s   ratio %.2f   (runs: %s | %s)\n' \
        "$name" "$h" "$n" "$(python3 -c "print($h / $n)")" "${hb_runs[*]}" "${ngx_runs[*]}"
done
