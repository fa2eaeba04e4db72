#!/usr/bin/env bash
# Issue #24's three targets of the proxy, measured side by side in one run:
#
#   tests/perf/proxy.sh [path/to/hostbench-cli]
#   env: PARTS="a b c"  ROUNDS=3  DURATION_A=5 (s per wrk run of part a)
#        DURATION=60 (s, part b)  CLIENTS=1000 (part b)  SIZE_MB=128  LIMIT_MB=64 (part c)
#        PROTOCOL=http1.1 (part c's clients; h2c: HTTP/2 with prior knowledge, issue #27)
#
# (a) W6p at -c 50 keep-alive: Hostbench's rate / nginx's, nginx with its
#     upstream keepalive pool (proxy_http_version 1.1, `keepalive 64`, the
#     connections Hostbench keeps per upstream and worker,
#     ServerConfig::upstreamConnectionsPerWorker, idle ones included),
#     and the CPU µs per request of each proxy: its own session's user+system
#     time (/proc) over the run, not the upstream's; medians of ROUNDS
#     interleaved rounds (the order swapped each round), spread (max-min)/median.
# (b) CLIENTS concurrent keep-alive clients through Hostbench's proxy for
#     DURATION s (wrk -c CLIENTS): wrk's errors (socket errors + non-2xx), the
#     upstream connections (`ss -tn state established` to the upstream's port,
#     sampled each second: the largest count; Hostbench opens at most 64 per
#     worker, ServerConfig::upstreamConnectionsPerWorker, busy and idle
#     together) and Hostbench's resident memory (VmRSS each
#     second: first, max, last).
# (c) a SIZE_MB MiB file from the upstream through Hostbench's proxy to 4 curl
#     clients at once: Hostbench's peak resident memory (VmHWM in
#     /proc/PID/status) against LIMIT_MB, and each client's bytes checked
#     (size and SHA-256 against the file's).
#
# The method of tests/perf/servers.sh: one worker each (Hostbench --threads 1,
# nginx worker_processes 1), access logs off; the upstream is nginx (one worker,
# `return 200 "OK"` on /ok, the file from its root), started once, in a session
# of its own; servers and upstream pinned to CPU 0, the load generator (wrk,
# curl) to CPU 1 (tests/perf/lib.sh's set_cpu_pinning), nice -10 when allowed.
# Absolute figures count for this machine only: read the ratios. Exit status 0
# when the parts ran (the targets are reported, not enforced), 1 when a server
# did not start or a part could not run, 2 for a missing tool.
set -euo pipefail
cd "$(dirname "$0")/../.."
CLI=$(readlink -f "${1:-build/app/cli/hostbench-cli}")
PARTS=${PARTS:-"a b c"}
ROUNDS=${ROUNDS:-3}
DURATION_A=${DURATION_A:-5}
DURATION=${DURATION:-60}
CLIENTS=${CLIENTS:-1000}
SIZE_MB=${SIZE_MB:-128}
LIMIT_MB=${LIMIT_MB:-64}
PROTOCOL=${PROTOCOL:-http1.1}
case $PROTOCOL in
http1.1) CURL_PROTOCOL=(--http1.1) ;;
h2c) CURL_PROTOCOL=(--http2-prior-knowledge) ;;
*) echo "PROTOCOL must be http1.1 or h2c, not $PROTOCOL" >&2; exit 2 ;;
esac
[ -x "$CLI" ] || { echo "no $CLI: build first (./hostbench.sh build)" >&2; exit 2; }
for tool in wrk curl nginx ss python3 taskset sha256sum; do
    command -v "$tool" > /dev/null || [ -x "/usr/sbin/$tool" ] ||
        { echo "missing: $tool (apt-get install wrk curl nginx-light iproute2 python3 util-linux coreutils)" >&2; exit 2; }
done
PATH=$PATH:/usr/sbin
WORK=$(mktemp -d /tmp/hostbench-proxy.XXXXXX)
chmod 755 "$WORK"
. tests/perf/lib.sh
set_cpu_pinning
NICE=()
nice -n -10 true 2> /dev/null && NICE=(nice -n -10)
# wrk holds CLIENTS sockets, the servers as many again.
ulimit -n 65536 2> /dev/null || ulimit -n "$(ulimit -Hn)" 2> /dev/null || true

# Process ids, by session (each server in a session of its own): killed by
# those ids at the end.
SESSIONS=()
stop_session() { # SID
    local pids
    pids=$(pgrep -s "$1" || true)
    [ -n "$pids" ] && kill -TERM $pids 2> /dev/null || true
    for _ in $(seq 50); do [ -z "$(pgrep -s "$1" || true)" ] && return 0; sleep 0.1; done
    pids=$(pgrep -s "$1" || true)
    [ -n "$pids" ] && kill -KILL $pids 2> /dev/null || true
}
cleanup() {
    local sid
    for sid in "${SESSIONS[@]}"; do stop_session "$sid"; done
    rm -rf "$WORK"
}
trap cleanup EXIT

session_ticks() { # SID: user+system clock ticks of every process of the session
    local p total=0
    for p in $(pgrep -s "$1" || true); do
        total=$((total + $(awk '{print $14 + $15}' "/proc/$p/stat" 2> /dev/null || echo 0)))
    done
    echo "$total"
}

# Starts "$@" in a session of its own, pinned to the servers' CPU; STARTED
# is its pid (the session's id). Its output goes to $WORK/NAME.log.
STARTED=""
start_session() { # NAME PORT COMMAND...
    local name=$1 port=$2
    shift 2
    setsid "${NICE[@]}" "${PIN_SERVER[@]}" "$@" > "$WORK/$name.log" 2>&1 < /dev/null &
    STARTED=$!
    SESSIONS+=("$STARTED")
    for _ in $(seq 100); do (exec 3<> "/dev/tcp/127.0.0.1/$port") 2> /dev/null && return 0; sleep 0.1; done
    echo "$name did not listen on $port:" >&2
    cat "$WORK/$name.log" >&2
    return 1
}

# The upstream: nginx, one worker, "OK" on /ok and the files of $WORK/files.
UPSTREAM_PORT=$(free_port)
mkdir -p "$WORK/files" "$WORK/upstream/logs" "$WORK/front/logs" "$WORK/proxied"
chmod 755 "$WORK/files" "$WORK/proxied"
[[ " $PARTS " == *" c "* ]] && head -c $((SIZE_MB * 1024 * 1024)) /dev/urandom > "$WORK/files/huge.bin" && chmod 644 "$WORK/files/huge.bin"
AS_ROOT=""
[ "$(id -u)" = 0 ] && AS_ROOT="user root;"
temp_paths() { # DIR
    local t
    for t in client_body proxy fastcgi uwsgi scgi; do echo "    ${t}_temp_path $1/$t;"; done
}
cat > "$WORK/upstream/nginx.conf" << NGX
worker_processes 1;
$AS_ROOT
pid $WORK/upstream/nginx.pid;
error_log $WORK/upstream/logs/error.log warn;
events { worker_connections 16384; }
http {
    access_log off;
    keepalive_requests 1000000;
    sendfile on;
$(temp_paths "$WORK/upstream")
    server {
        listen 127.0.0.1:$UPSTREAM_PORT backlog=4096;
        root $WORK/files;
        location = /ok { default_type text/plain; return 200 "OK"; }
    }
}
NGX
start_session upstream "$UPSTREAM_PORT" nginx -p "$WORK/upstream" -c "$WORK/upstream/nginx.conf" -g 'daemon off;' || exit 1
UPSTREAM=$STARTED
[ "$(curl -sf "http://127.0.0.1:$UPSTREAM_PORT/ok")" = OK ] || { echo "the upstream does not answer OK on /ok" >&2; exit 1; }

# The front nginx: "/" proxied to the upstream through a keepalive pool.
NGINX_PORT=$(free_port)
cat > "$WORK/front/nginx.conf" << NGX
worker_processes 1;
$AS_ROOT
pid $WORK/front/nginx.pid;
error_log $WORK/front/logs/error.log warn;
events { worker_connections 16384; }
http {
    access_log off;
    keepalive_requests 1000000;
$(temp_paths "$WORK/front")
    upstream app { server 127.0.0.1:$UPSTREAM_PORT; keepalive 64; }
    server {
        listen 127.0.0.1:$NGINX_PORT backlog=4096;
        location / {
            proxy_pass http://app;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host \$host;
            proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto \$scheme;
            proxy_buffering on;
        }
    }
}
NGX
HB_PORT=$(free_port)
start_hostbench() {
    start_session hostbench "$HB_PORT" "$CLI" serve "${SERVE_AS_ROOT[@]}" --listen "127.0.0.1:$HB_PORT" --threads 1 \
        --control off --access-log off --error-log "$WORK/hostbench-error.log" \
        --default "$WORK/proxied" --proxy "/=http://127.0.0.1:$UPSTREAM_PORT"
}
start_nginx() {
    start_session nginx "$NGINX_PORT" nginx -p "$WORK/front" -c "$WORK/front/nginx.conf" -g 'daemon off;'
}
port_of() { if [ "$1" = hostbench ]; then echo "$HB_PORT"; else echo "$NGINX_PORT"; fi; }
# Each proxy answers /ok with the upstream's bytes before any load.
for proxy in hostbench nginx; do
    start_$proxy || exit 1
    sid=$STARTED port=$(port_of $proxy)
    got=$(curl -sf "http://127.0.0.1:$port/ok" || true)
    stop_session "$sid"
    [ "$got" = OK ] || { echo "$proxy answers /ok with \"$got\" through its proxy, not OK" >&2; exit 1; }
done

echo "# $(date -u +%FT%TZ) $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) CPUs, $(uname -r)"
echo "# servers and upstream pinned to CPU 0 (${PIN_SERVER[*]:-not pinned}), generator to CPU 1; one worker each"
echo "# upstream: nginx $(nginx -v 2>&1 | sed 's|.*nginx/||'), 1 worker, on 127.0.0.1:$UPSTREAM_PORT (pid $UPSTREAM)"
echo "# hostbench: $("$CLI" --version 2> /dev/null)"

# Prints "requests_per_second errors requests" of a wrk run's output.
wrk_figures() {
    python3 -c '
import re, sys
out = sys.stdin.read()
def num(p):
    m = re.search(p, out)
    return float(m.group(1)) if m else 0.0
errors = sum(int(x) for x in re.findall(r"(?:connect|read|write|timeout) (\d+)", out)) + int(num(r"Non-2xx or 3xx responses: (\d+)"))
rate, requests = num(r"Requests/sec:\s*([\d.]+)"), int(num(r"(\d+) requests in"))
print(f"{rate:.2f} {errors} {requests}")'
}

part_a() {
    echo
    echo "## (a) W6p at -c 50 keep-alive, $ROUNDS interleaved rounds of ${DURATION_A} s: Hostbench / nginx (keepalive 64 to the upstream)"
    local round proxy sid port out rps err n t0 t1 order
    declare -A RATE CPU ERRS
    for ((round = 0; round < ROUNDS; round++)); do
        order="hostbench nginx"
        [ $((round % 2)) = 1 ] && order="nginx hostbench"
        for proxy in $order; do
            start_$proxy || return 1
            sid=$STARTED port=$(port_of $proxy)
            t0=$(session_ticks "$sid")
            out=$("${NICE[@]}" "${PIN_CLIENT[@]}" wrk -t1 -c50 -d"${DURATION_A}s" "http://127.0.0.1:$port/ok" 2>&1 || true)
            t1=$(session_ticks "$sid")
            stop_session "$sid"
            read -r rps err n <<< "$(wrk_figures <<< "$out")"
            RATE[$proxy]+="$rps "
            CPU[$proxy]+="$(python3 -c "print(f'{($t1 - $t0) / $(getconf CLK_TCK) / max($n, 1) * 1e6:.1f}')") "
            ERRS[$proxy]=$((${ERRS[$proxy]:-0} + err))
        done
    done
    python3 - "${RATE[hostbench]}" "${RATE[nginx]}" "${CPU[hostbench]}" "${CPU[nginx]}" "${ERRS[hostbench]}" "${ERRS[nginx]}" << 'PY'
import statistics, sys
hr, nr, hc, nc = ([float(x) for x in a.split()] for a in sys.argv[1:5])
he, ne = sys.argv[5:7]
def show(v):
    m = statistics.median(v)
    return f"{m:,.0f} (±{(max(v) - min(v)) / m * 100 if m else 0:.0f}%)"
print("| proxy | requests/s (spread) | CPU µs/request (own session) | errors |")
print("|---|---:|---:|---:|")
print(f"| hostbench | {show(hr)} | {statistics.median(hc):.1f} | {he} |")
print(f"| nginx | {show(nr)} | {statistics.median(nc):.1f} | {ne} |")
ratio = statistics.median(hr) / statistics.median(nr) if statistics.median(nr) else 0
cpu = statistics.median(hc) / statistics.median(nc) if statistics.median(nc) else 0
print(f"Hostbench / nginx: rate {ratio:.2f} (target >= 1.00), CPU per request {cpu:.2f} (target < 1.00)")
PY
}

part_b() {
    echo
    echo "## (b) $CLIENTS keep-alive clients through Hostbench's proxy for ${DURATION} s"
    local sid out rps err n
    start_hostbench || return 1
    sid=$STARTED
    "${NICE[@]}" "${PIN_CLIENT[@]}" wrk -t1 -c"$CLIENTS" -d"${DURATION}s" --timeout 10s "http://127.0.0.1:$HB_PORT/ok" > "$WORK/b.wrk" 2>&1 &
    local wrk=$! rss first="" max=0 last=0 conns maxconns=0 samples=0
    while kill -0 "$wrk" 2> /dev/null; do
        rss=$(awk '/^VmRSS/ {print $2}' "/proc/$sid/status" 2> /dev/null || echo 0)
        conns=$(ss -Htn state established "( dport = :$UPSTREAM_PORT )" 2> /dev/null | wc -l)
        [ -n "$first" ] || first=$rss
        ((rss > max)) && max=$rss
        ((conns > maxconns)) && maxconns=$conns
        last=$rss
        samples=$((samples + 1))
        sleep 1
    done
    wait "$wrk" || true
    stop_session "$sid"
    read -r rps err n <<< "$(wrk_figures < "$WORK/b.wrk")"
    echo "requests: $n ($(printf '%.0f' "$rps")/s), errors: $err (target 0)"
    echo "upstream connections (established to :$UPSTREAM_PORT, $samples samples, each second): max $maxconns (Hostbench: at most 64 per worker, busy and idle; 1 worker)"
    echo "Hostbench VmRSS: first $((first / 1024)) MB, max $((max / 1024)) MB, last $((last / 1024)) MB (target: flat)"
}

part_c() {
    echo
    echo "## (c) ${SIZE_MB} MiB from the upstream through Hostbench's proxy to 4 clients at once ($PROTOCOL)"
    local sid i status=0 want size
    start_hostbench || return 1
    sid=$STARTED
    want=$(sha256sum < "$WORK/files/huge.bin" | cut -d' ' -f1)
    size=$((SIZE_MB * 1024 * 1024))
    echo "before: Hostbench VmRSS $(($(awk '/^VmRSS/ {print $2}' "/proc/$sid/status") / 1024)) MB"
    local pids=()
    for i in 1 2 3 4; do
        # --limit-rate keeps the four downloads overlapping on a fast machine.
        ("${PIN_CLIENT[@]}" curl -sS "${CURL_PROTOCOL[@]}" --limit-rate 64M "http://127.0.0.1:$HB_PORT/huge.bin" |
            tee >(wc -c > "$WORK/c$i.size") | sha256sum | cut -d' ' -f1 > "$WORK/c$i.sum") &
        pids+=($!)
    done
    wait "${pids[@]}" || true
    sleep 0.2 # the size files' writers end after the pipeline
    local hwm
    hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$sid/status")
    stop_session "$sid"
    for i in 1 2 3 4; do
        if [ "$(cat "$WORK/c$i.size")" != "$size" ] || [ "$(cat "$WORK/c$i.sum")" != "$want" ]; then
            echo "client $i: $(cat "$WORK/c$i.size") bytes, sha256 $(cat "$WORK/c$i.sum"): not the file's ($size bytes)"
            status=1
        else
            echo "client $i: $size bytes, sha256 matches the file's"
        fi
    done
    echo "Hostbench peak RSS (VmHWM): $((hwm / 1024)) MB (target < $LIMIT_MB MB: $([ $((hwm / 1024)) -lt "$LIMIT_MB" ] && echo met || echo missed))"
    return $status
}

status=0
for part in $PARTS; do
    case $part in
    a) part_a || status=1 ;;
    b) part_b || status=1 ;;
    c) part_c || status=1 ;;
    *) echo "unknown part $part (a, b or c)" >&2; status=1 ;;
    esac
done
exit $status
