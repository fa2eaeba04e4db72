#!/usr/bin/env bash
# HTTPS (issue #26): Hostbench's TLS listener beside nginx's, in one run, with
# the same certificate and key (an ECDSA P-256 leaf of Hostbench's local CA),
# TLS 1.2/1.3, tickets on and no session cache on both.
#   W1s   W1's 4,070-byte file over TLS, keep-alive: wrk -t1 -c50 (wrk speaks https)
#   W1sn  the same file, a new connection and a full handshake per request:
#         hostbench-cli bench -c 50 --tls-resume off (no -k), in handshakes/s
#   gen   the load generators' own full-handshake rate against the same nginx:
#         hostbench-cli bench (as W1sn) and h2load --h1 (each client one
#         connection and one request, so one full handshake each)
# One worker each, pinned to CPU 0, the generator to CPU 1 (lib.sh); ROUNDS
# interleaved rounds, the median shown with the spread (max-min)/median.
# Absolute figures count for this machine only: read the ratios.
#
# Usage: tests/perf/tls.sh [path/to/hostbench-cli]   env: ROUNDS=3 DURATION=4 REQUESTS=4000
# Needs wrk, nginx, h2load (nghttp2-client), curl, python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
CLI=$(readlink -f "${1:-build/app/cli/hostbench-cli}")
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-4}
REQUESTS=${REQUESTS:-4000}
for tool in "$CLI" wrk nginx h2load curl python3; do
    command -v "$tool" > /dev/null || { echo "missing: $tool" >&2; exit 2; }
done
WORK=$(mktemp -d /tmp/hostbench-tls.XXXXXX)
chmod 755 "$WORK"
source tests/perf/lib.sh
set_cpu_pinning
hb_pid=""
cleanup() {
    [ -n "$hb_pid" ] && kill "$hb_pid" 2> /dev/null && wait "$hb_pid" 2> /dev/null || true
    [ -f "$WORK/nginx.pid" ] && nginx -p "$WORK" -c "$WORK/nginx-tls.conf" -s quit 2> /dev/null || true
    sleep 0.5
    rm -rf "$WORK"
}
trap cleanup EXIT

mkdir -p "$WORK/site" "$WORK/data" "$WORK/logs"
head -c 4070 /dev/urandom | base64 -w 76 | head -c 4070 > "$WORK/site/w1.txt"
hb_port=$(free_port)
hb_plain=$(free_port)
"${PIN_SERVER[@]}" "$CLI" serve "${SERVE_AS_ROOT[@]}" --threads 1 --listen "127.0.0.1:$hb_plain" \
    --listen-tls "127.0.0.1:$hb_port" --site "a.test=$WORK/site" --data-dir "$WORK/data" --control off \
    > "$WORK/logs/hostbench.log" 2>&1 &
hb_pid=$!
wait_for_port "$hb_port"
cert="$WORK/data/ca/sites/a.test.pem"
key="$WORK/data/ca/sites/a.test-key.pem"
root="$WORK/data/ca/rootCA.pem"
[ -f "$cert" ] || { cat "$WORK/logs/hostbench.log" >&2; exit 1; }

ng_port=$(free_port)
cat > "$WORK/nginx-tls.conf" << NGX
worker_processes 1;
daemon on;
error_log $WORK/logs/error.log warn;
pid $WORK/nginx.pid;
events { worker_connections 4096; }
http {
    access_log off;
    sendfile on;
    open_file_cache max=100;
    keepalive_requests 1000000;
    client_body_temp_path $WORK/body;
    proxy_temp_path $WORK/proxy;
    fastcgi_temp_path $WORK/fastcgi;
    uwsgi_temp_path $WORK/uwsgi;
    scgi_temp_path $WORK/scgi;
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_session_cache off;
    ssl_session_tickets on;
    server {
        listen 127.0.0.1:$ng_port ssl;
        server_name a.test;
        root $WORK/site;
        ssl_certificate $cert;
        ssl_certificate_key $key;
    }
}
NGX
"${PIN_SERVER[@]}" nginx -p "$WORK" -c "$WORK/nginx-tls.conf"
wait_for_port "$ng_port"

# Both serve the file, verified with the local CA alone.
for port in "$hb_port" "$ng_port"; do
    curl -sS --resolve "a.test:$port:127.0.0.1" --cacert "$root" "https://a.test:$port/w1.txt" \
        | cmp -s - "$WORK/site/w1.txt" || { echo "port $port does not serve w1.txt over TLS" >&2; exit 1; }
done

w1s() { # PORT -> requests/s
    "${PIN_CLIENT[@]}" wrk -t1 -c50 -d"${DURATION}s" -H "Host: a.test" "https://127.0.0.1:$1/w1.txt" \
        | awk '/^Requests\/sec/ {print $2}'
}
w1sn() { # PORT -> handshakes/s (requests/s, one full handshake each)
    "${PIN_CLIENT[@]}" "$CLI" bench -n "$REQUESTS" -c 50 --tls-resume off --no-store --data-dir "$WORK/data" \
        "https://a.test.localhost:$1/w1.txt" 2> /dev/null | awk '/^Requests per second/ {print $4}'
}
h2load_sn() { # PORT -> requests/s
    "${PIN_CLIENT[@]}" h2load --h1 -n "$REQUESTS" -c "$REQUESTS" -t1 "https://127.0.0.1:$1/w1.txt" 2> /dev/null \
        | awk '/^finished in/ {gsub(",", "", $4); print $4}'
}

declare -A results
for round in $(seq "$ROUNDS"); do
    results[W1s_hostbench]+="$(w1s "$hb_port") "
    results[W1s_nginx]+="$(w1s "$ng_port") "
    results[W1sn_hostbench]+="$(w1sn "$hb_port") "
    results[W1sn_nginx]+="$(w1sn "$ng_port") "
    results[gen_hostbench]+="$(w1sn "$ng_port") "
    results[gen_h2load]+="$(h2load_sn "$ng_port") "
done

median_spread() { # VALUES... -> "median spread%"
    python3 - "$@" << 'PY'
import statistics, sys
v = [float(x) for x in sys.argv[1:] if x]
if not v:
    print("- -"); sys.exit()
m = statistics.median(v)
print(f"{m:.0f} {100 * (max(v) - min(v)) / m:.0f}%")
PY
}
cpu=$(awk -F: '/model name/ {gsub(/^ /, "", $2); print $2; exit}' /proc/cpuinfo)
echo "CPU: $cpu, $(nproc) cores; $ROUNDS rounds, wrk ${DURATION}s, $REQUESTS handshakes per W1sn run"
printf '%-6s %-34s %14s %14s %8s\n' row what Hostbench other ratio
row() { # NAME WHAT OURS_KEY OTHER_KEY OTHER_NAME
    read -r ours ours_spread <<< "$(median_spread ${results[$3]})"
    read -r other other_spread <<< "$(median_spread ${results[$4]})"
    ratio=$(python3 -c "print(f'{$ours / $other:.2f}')" 2> /dev/null || echo -)
    printf '%-6s %-34s %8s ±%-4s %8s ±%-4s %8s  (other: %s)\n' "$1" "$2" "$ours" "$ours_spread" "$other" \
        "$other_spread" "$ratio" "$5"
}
row W1s "requests/s, keep-alive (wrk)" W1s_hostbench W1s_nginx nginx
row W1sn "full handshakes/s (hostbench bench)" W1sn_hostbench W1sn_nginx nginx
row gen "generator, full handshakes/s" gen_hostbench gen_h2load "h2load against nginx"
