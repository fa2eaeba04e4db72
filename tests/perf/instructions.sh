#!/usr/bin/env bash
# User-space instructions per request of Hostbench's engine, nginx and h2o,
# counted by valgrind's callgrind: a count of instructions, not of time, so
# it repeats whatever else the machine is doing. Each server runs as one
# process with one worker under callgrind twice, answering N1 and then N2
# requests (after the same start-up); the difference of the totals over
# N2 - N1 is the cost of one request, start-up and shutdown cancelled out.
#
#   tests/perf/instructions.sh [path/to/hostbench-cli]
#   env: SERVERS="hostbench nginx h2o"  N1=2000  N2=12000
#        LOADS="ok-keepalive file-keepalive file-close" (the columns)
#
# Two loads: keep-alive (ab -k -c10, W6's /ok and W1's 4,070-byte file) and
# a new connection per request (ab -c10, W1's file). Kernel work is not
# counted: compare CPU time with tests/perf/servers.sh.
# Hostbench only, in LOADS when asked: proxy-keepalive (W6p: /ok's "OK" from an
# upstream nginx, started once, through `serve --proxy /=URL`; the upstream
# is not counted) and php-keepalive (W5: hello.php through `serve --php
# auto`, the engine's own PHP-FPM pool, which is not counted either).
set -euo pipefail
cd "$(dirname "$0")/../.."
HERE=tests/perf/servers
CLI=$(readlink -f "${1:-build/app/cli/hostbench-cli}")
SERVERS=${SERVERS:-"hostbench nginx h2o"}
N1=${N1:-2000}
N2=${N2:-12000}
LOADS=${LOADS:-"ok-keepalive file-keepalive file-close"}
for tool in valgrind ab python3 "$CLI"; do
    command -v "$tool" > /dev/null || { echo "missing: $tool (apt-get install valgrind apache2-utils)" >&2; exit 2; }
done

WORK=$(mktemp -d /tmp/hostbench-instr.XXXXXX)
ROOT=$WORK/site
mkdir -p "$ROOT"
python3 -c 'import base64, os, sys; sys.stdout.write(base64.encodebytes(os.urandom(4000)).decode()[:4070])' > "$ROOT/x.txt"
printf OK > "$ROOT/ok"
printf '<?php echo "hello";' > "$ROOT/hello.php"
chmod 755 "$WORK" "$ROOT"
chmod 644 "$ROOT"/*
PID=""
UPSTREAM_PORT=""
stop_upstream() { [ -f "$WORK/upstream/nginx.pid" ] && kill "$(cat "$WORK/upstream/nginx.pid")" 2> /dev/null || true; }
trap '[ -n "$PID" ] && kill "$PID" 2> /dev/null; stop_upstream; rm -rf "$WORK"' EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_port() {
    for _ in $(seq 300); do (exec 3<> "/dev/tcp/127.0.0.1/$1") 2> /dev/null && return 0; sleep 0.1; done
    return 1
}

# Runs server $1 under callgrind, sends $2 requests of load $3, stops it and
# prints its total instruction count.
count() { # NAME REQUESTS LOAD
    local name=$1 n=$2 load=$3 dir=$WORK/$1 port
    port=$(free_port)
    mkdir -p "$dir"
    rm -f "$dir"/callgrind.out*
    local server=()
    local site=(--default "$ROOT" --route /ok=OK)
    case $load in
    proxy-keepalive) site=(--default "$ROOT" --proxy "/=http://127.0.0.1:$UPSTREAM_PORT") ;;
    php-keepalive) site=(--default "$ROOT" --php auto) ;;
    esac
    case $name in
    hostbench) server=("$CLI" serve $([ "$(id -u)" = 0 ] && echo --user root) --listen "127.0.0.1:$port" --threads 1 --control off --data-dir "$dir/data" "${site[@]}") ;;
    nginx)
        # One process: the master does the work (master_process off).
        sed -e "s|@PORT@|$port|g" -e "s|@ROOT@|$ROOT|g" -e "s|@WORK@|$dir|g" "$HERE/nginx.conf" \
            | sed -e 's|^daemon off;|daemon off;\nmaster_process off;|' > "$dir/conf"
        server=(nginx -p "$dir" -c "$dir/conf" -e "$dir/error.log")
        ;;
    h2o)
        sed -e "s|@PORT@|$port|g" -e "s|@ROOT@|$ROOT|g" -e "s|@WORK@|$dir|g" "$HERE/h2o.conf" > "$dir/conf"
        echo "user: $(id -un)" >> "$dir/conf"
        server=(h2o -c "$dir/conf")
        ;;
    esac
    valgrind --tool=callgrind --callgrind-out-file="$dir/callgrind.out.%p" --trace-children=no \
        "${server[@]}" > "$dir/valgrind.log" 2>&1 &
    PID=$!
    wait_port "$port" || { echo "$name did not start under valgrind:" >&2; cat "$dir/valgrind.log" >&2; exit 1; }
    local url path k=()
    case $load in
    ok-keepalive | proxy-keepalive) path=/ok k=(-k) ;;
    php-keepalive)
        path=/hello.php k=(-k)
        # The engine's PHP-FPM pool starts with it: 502 until it listens.
        for _ in $(seq 300); do [ "$(curl -s "http://127.0.0.1:$port/hello.php")" = hello ] && break; sleep 0.1; done
        ;;
    file-keepalive) path=/x.txt k=(-k) ;;
    file-close) path=/x.txt ;;
    esac
    url="http://127.0.0.1:$port$path"
    # A warm-up of 200 requests in both runs, so first-touch costs cancel out.
    ab -q "${k[@]}" -c10 -n 200 "$url" > /dev/null 2>&1
    ab -q "${k[@]}" -c10 -n "$n" "$url" > "$dir/ab.txt" 2>&1
    grep -q "^Failed requests: *0" "$dir/ab.txt" || { echo "$name: failed requests" >&2; cat "$dir/ab.txt" >&2; }
    kill -TERM "$PID"
    wait "$PID" 2> /dev/null || true
    PID=""
    # h2o and nginx may fork helpers: take the server's own file (the largest).
    local file
    file=$(ls -S "$dir"/callgrind.out.* | head -1)
    awk '/^summary:|^totals:/ {print $2; exit}' "$file"
}

echo "# $(date -u +%FT%TZ), $(valgrind --version), N2-N1 = $((N2 - N1)) requests, ab -c10"
title() {
    case $1 in
    ok-keepalive) echo "keep-alive /ok" ;;
    file-keepalive) echo "keep-alive 4,070 B" ;;
    file-close) echo "new connection 4,070 B" ;;
    proxy-keepalive) echo "W6p keep-alive proxy" ;;
    php-keepalive) echo "W5 keep-alive PHP" ;;
    *) echo "unknown load: $1" >&2; exit 2 ;;
    esac
}
if [[ " $LOADS " == *" proxy-keepalive "* ]]; then
    command -v nginx > /dev/null || PATH=$PATH:/usr/sbin
    UPSTREAM_PORT=$(free_port)
    mkdir -p "$WORK/upstream/logs"
    (WORK=$WORK/upstream && . tests/perf/lib.sh && write_nginx_ok_conf "$UPSTREAM_PORT" 100000000)
    [ "$(id -u)" = 0 ] && sed -i 's|^worker_processes 1;|worker_processes 1;\nuser root;|' "$WORK/upstream/nginx.conf"
    nginx -p "$WORK/upstream" -c "$WORK/upstream/nginx.conf" -e "$WORK/upstream/logs/error.log"
    wait_port "$UPSTREAM_PORT" || { echo "the upstream nginx did not start" >&2; exit 1; }
fi
header=(server)
for load in $LOADS; do header+=("$(title "$load")"); done
printf '%-10s' "${header[0]}"; printf ' %22s' "${header[@]:1}"; echo
for s in $SERVERS; do
    if [ "$s" != hostbench ] && ! command -v "$s" > /dev/null; then
        echo "skipped: $s is not installed" >&2
        continue
    fi
    row=()
    for load in $LOADS; do
        if [ "$s" != hostbench ] && [[ $load == proxy-* || $load == php-* ]]; then
            row+=("-") # Hostbench's only
            continue
        fi
        a=$(count "$s" "$N1" "$load")
        b=$(count "$s" "$N2" "$load")
        row+=("$(python3 -c "print(f'{($b - $a) / ($N2 - $N1):,.0f}')")")
    done
    printf '%-10s' "$s"; printf ' %22s' "${row[@]}"; echo
done
echo "(user-space instructions per request; the kernel's work is not counted)"
