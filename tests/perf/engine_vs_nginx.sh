#!/usr/bin/env bash
# Hostbench's engine against nginx in the same run (see shared WORKLOADS.md:
# on shared 2-core machines only ratios mean something). One worker each,
# access log off, keep-alive on.
#   W6 (wrk):  wrk -t1 -c50 -d5s  /ok     a route / location answering "OK"
#   W1 (ab):   ab -c 50 -n 50000  /x.txt  a 4,070-byte text file, no keep-alive
# Runs each wrk measurement $ROUNDS times, alternating servers, and prints
# the best of each. Needs wrk, ab (apache2-utils), nginx, curl, python3.
#
# Usage: tests/perf/engine_vs_nginx.sh [path/to/hostbench-cli]   (ROUNDS=3 by default)
set -euo pipefail

CLI=${1:-build/app/cli/hostbench-cli}
ROUNDS=${ROUNDS:-3}
for tool in "$CLI" wrk ab nginx curl python3; do
    command -v "$tool" > /dev/null || { echo "missing: $tool" >&2; exit 2; }
done

work=$(mktemp -d /tmp/hostbench-perf.XXXXXX)
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
        curl -fs "$1" > /dev/null 2>&1 && return 0
        sleep 0.1
    done
    echo "no answer from $1" >&2
    exit 1
}
wrk_rps() { wrk -t1 -c50 -d5s "$1" | awk '/Requests\/sec/ { print $2 }'; }
ab_rps() { ab -q -c 50 -n 50000 "$1" 2>&1 | awk '/Requests per second/ { print $4 } /Failed requests/ && $3 != 0 { print "FAILED " $3 > "/dev/stderr" }'; }
best() { printf '%s\n' "$@" | sort -g | tail -1; }

mkdir -p "$work/root" "$work/nginx/logs" "$work/data"
python3 -c 'import sys; sys.stdout.write(("Hostbench W1 " * 400)[:4070])' > "$work/root/x.txt"

hb_port=$(free_port)
# setsid: a session of its own, like the nginx daemon; with autogroup scheduling,
# sharing wrk's session would halve the CPU share of both under load.
HOSTBENCH_DATA_DIR="$work/data" setsid "$CLI" serve $([ "$(id -u)" = 0 ] && echo --user root) --listen "127.0.0.1:$hb_port" --threads 1 \
    --default "$work/root" --route /ok=OK --control off > "$work/hostbench.log" 2>&1 &
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
    keepalive_requests 1000000;
    server {
        listen 127.0.0.1:$ngx_port;
        root $work/root;
        location = /ok { default_type text/plain; return 200 "OK"; }
    }
}
CONF
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf"

hb="http://127.0.0.1:$hb_port"
ngx="http://127.0.0.1:$ngx_port"
wait_for "$hb/ok"
wait_for "$ngx/ok"

hb_wrk=() ngx_wrk=()
for _ in $(seq "$ROUNDS"); do
    hb_wrk+=("$(wrk_rps "$hb/ok")")
    ngx_wrk+=("$(wrk_rps "$ngx/ok")")
done
hb_ab=$(ab_rps "$hb/x.txt")
ngx_ab=$(ab_rps "$ngx/x.txt")

hb_w=$(best "${hb_wrk[@]}")
ngx_w=$(best "${ngx_wrk[@]}")
printf '%-28s %12s %12s %8s\n' "workload" "hostbench" "nginx" "ratio"
printf '%-28s %12.0f %12.0f %8.2f\n' "wrk -c50 /ok (best of $ROUNDS)" "$hb_w" "$ngx_w" "$(echo "$hb_w / $ngx_w" | bc -l)"
printf '%-28s %12.0f %12.0f %8.2f\n' "ab -c50 -n50000 x.txt" "$hb_ab" "$ngx_ab" "$(echo "$hb_ab / $ngx_ab" | bc -l)"
echo "all wrk runs: hostbench ${hb_wrk[*]}; nginx ${ngx_wrk[*]}"
