#!/usr/bin/env bash
# Hostbench's engine beside nginx, lighttpd, h2o and Apache httpd on the
# reference workloads (shared/WORKLOADS.md), in one run, on the same files.
#
#   tests/perf/servers.sh [path/to/hostbench-cli]
#   env: SERVERS="hostbench nginx lighttpd h2o apache2" (caddy too when named: SERVERS="... caddy")
#        ROWS="W6 W6ab W1k W1ab W2 W3 W4 W6p W5 W5r W7p W1s W1sn W1h2 W2h2"   ROUNDS=3   DURATION=5 (s per wrk/h2load run)
#        REQUESTS=4000 (W1sn's handshakes per run)
#
# The method (docs/PERFORMANCE.md):
# - every server has one worker (process or thread; Apache one child process
#   of mpm_event, whose threads each hold a connection), its access log off,
#   sendfile and an open-file or stat cache where it has one; the
#   configurations are written by `hostbench-cli export SERVER --flavour
#   benchmark` (engine/export) for the same site and route as Hostbench's;
#   tests/perf/servers/ keeps the hand-written ones they replaced (SERVERS_CONF=hand).
#   The same rates but one: Apache's W6, a fixed route there (an Alias to a
#   generated file with its ForceType), measured 10-20% below the hand-written
#   plain file in the document root on a busy 2-core machine;
# - each server runs in a session of its own (setsid), pinned to CPU 0, the
#   load generator (wrk, or ab for the ab rows) to CPU 1, both at nice -10
#   when allowed;
# - before any load, every URL is fetched from every server and its body
#   compared with the file (or "OK");
# - ROUNDS interleaved rounds, the server order rotated by one each round; the
#   figure is the median of the rounds, the spread (max-min)/median is shown;
# - CPU per request: the server's user+system time from /proc (every
#   process of its session) over the run, divided by the requests wrk or ab
#   counted; errors are wrk's socket errors plus non-2xx answers, or ab's
#   failed and non-2xx requests.
# W6 is a fixed-answer route ("OK") in Hostbench and nginx, and a generated
# 2-byte file in lighttpd, h2o and Apache, which have no such route without a module.
# W6p (issue #24) is W6's "OK" from an app behind the server: one upstream for
# every server (nginx, one worker, `location = /ok { return 200 "OK"; }`,
# tests/perf/lib.sh), started once before the servers in a session of its own,
# pinned to CPU 0 with them, stopped by its pid at the end; each server is
# started a second time in its turn with the whole site "/" proxied to it
# (`export --proxy /=URL`, Hostbench's `serve --proxy /=URL`, an empty document
# root, so that a server that does not proxy answers 404 and is left out of W6p
# only). The upstream alone is measured too, one turn of each round, and printed
# as the reference line under the table. A server's CPU per request on W6p is
# its own session's only, not the upstream's (which works on the same CPU 0 and
# so weighs on every front server's rate alike).
# W5 and W7p (issue #25) are PHP pages through one PHP-FPM pool for every
# server (php-fpm8.2 --nodaemonize, its configuration under $WORK/php-fpm, a
# unix socket there, pm = static with PHP_CHILDREN children), started once in a
# session of its own, pinned to CPU 0 with the servers, stopped by its session
# at the end: W5 is hello.php (`<?php echo "hello";`), W7p w7p.php, 3 SELECTs
# with PDO on a 100-row SQLite database in $WORK/php-data (the shootout's
# W7p, service/shootout/Workload.cpp: the same script, data and answer). Each
# server is started a third time in its turn with the whole site "/" run by
# PHP (`export --php unix:SOCKET`, Hostbench's `serve --php unix:SOCKET`); one
# that does not answer the pages' bytes is left out of W5 and W7p only. Over
# each PHP run the pool's own CPU (every process of its session) is measured
# too and printed beside the server's, so that the front server's overhead is
# its own column. W5r is the former W5: the fixed answer "hello", no app.
# Without php-fpm8.2 the PHP rows are left out (apt-get install php8.2-fpm
# php8.2-sqlite3), the others run.
# W1s and W1sn (issue #26) are W1's file over HTTPS, as tests/perf/tls.sh
# measures them: each server is started a fourth time in its turn with a TLS
# listener on a port of its own too (Hostbench's `serve --listen-tls`, the
# others' `export --listen-tls`), every one with the same certificate, the
# ECDSA P-256 leaf for "localhost" of the local CA in $WORK/tls-data (made by
# the first of them; Hostbench's data folder, the others' export --data-dir),
# TLS 1.2/1.3, Hostbench's suites where the server names them, session
# tickets, no session cache; its body checked with curl trusting that CA alone.
# W1s: wrk -c50 keep-alive on https://localhost:PORT (SNI "localhost"; wrk
# connects to the first address that answers, 127.0.0.1); W1sn: a new
# connection and a full handshake per request, `hostbench-cli bench -c 50
# --tls-resume off` (no -k) with REQUESTS requests, trusting the CA: its
# requests/s are full handshakes/s.
# W1h2 and W2h2 (issue #27) are W1's and W2's files over HTTP/2, h2 by ALPN on
# the same TLS listener (the export turns h2 on there: nginx `listen ... ssl
# http2`, Apache mod_http2 with `Protocols h2 http/1.1` on mpm_event, lighttpd
# server.h2proto, h2o and Caddy by default), measured with h2load (Debian's
# nghttp2-client) `-c 10 -m 10 -t 1 -D DURATION`. Before any load, each file is
# fetched with `curl --http2` trusting the CA, and must come with its bytes over
# HTTP/2 (curl's %{http_version} 2); a server whose listener does not choose h2
# is left out of these two rows, not measured over HTTP/1.1. During a run,
# h2load's "Application protocol: h2" is required too (else every request
# counts as an error).
# Absolute figures count for this machine only: read the ratios.
set -euo pipefail
cd "$(dirname "$0")/../.."
HERE=tests/perf/servers
CLI=$(readlink -f "${1:-build/app/cli/hostbench-cli}")
SERVERS=${SERVERS:-"hostbench nginx lighttpd h2o apache2"}
ROWS=${ROWS:-"W6 W6ab W1k W1ab W2 W3 W4 W6p W5 W5r W7p W1s W1sn W1h2 W2h2"}
REQUESTS=${REQUESTS:-4000}
PHP_CHILDREN=${PHP_CHILDREN:-8}
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-5}
[ -x "$CLI" ] || { echo "no $CLI: build first (./hostbench.sh build)" >&2; exit 2; }
for tool in wrk ab curl python3 taskset; do
    command -v "$tool" > /dev/null || { echo "missing: $tool (apt-get install wrk apache2-utils curl python3 util-linux)" >&2; exit 2; }
done
package_of() { case $1 in nginx) echo nginx-light ;; lighttpd) echo lighttpd ;; h2o) echo h2o ;; apache2) echo apache2 ;; caddy) echo caddy ;; esac; }
present=()
for s in $SERVERS; do
    if [ "$s" = hostbench ] || command -v "$s" > /dev/null || [ -x "/usr/sbin/$s" ]; then
        present+=("$s")
    else
        echo "skipped: $s is not installed (apt-get install $(package_of "$s"))" >&2
    fi
done
SERVERS=("${present[@]}")

WORK=$(mktemp -d /tmp/hostbench-servers.XXXXXX)
ROOT=$WORK/site
PROXY_ROOT=$WORK/site-proxied # W6p's document root: empty, the whole site proxied
PHP_ROOT=$WORK/site-php # W5's and W7p's: the scripts; their database in $WORK/php-data
mkdir -p "$ROOT" "$PROXY_ROOT" "$PHP_ROOT" "$WORK/php-data"
python3 -c 'import base64, os, sys; sys.stdout.write(base64.encodebytes(os.urandom(4000)).decode()[:4070])' > "$ROOT/x.txt"
head -c 45056 /dev/urandom > "$ROOT/photo.jpg"
head -c 1414000 /dev/urandom > "$ROOT/archive.zip"
head -c 134217728 /dev/urandom > "$ROOT/huge.bin"
printf OK > "$ROOT/ok"
printf hello > "$ROOT/hello"
printf '<?php echo "hello";' > "$PHP_ROOT/hello.php"
cat > "$PHP_ROOT/w7p.php" << 'PHP'
<?php
$db = new PDO('sqlite:' . __DIR__ . '/../php-data/w7p.sqlite', null, null,
    [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION, PDO::SQLITE_ATTR_OPEN_FLAGS => PDO::SQLITE_OPEN_READONLY]);
$count = $db->query('SELECT COUNT(*) FROM items')->fetchColumn();
$sum = $db->query('SELECT SUM(price) FROM items WHERE id <= 50')->fetchColumn();
$row = $db->prepare('SELECT name, price FROM items WHERE id = ?');
$row->execute([42]);
[$name, $price] = $row->fetch(PDO::FETCH_NUM);
printf("items %d, sum %d, #42 %s at %d\n", $count, $sum, $name, $price);
PHP
python3 - "$WORK/php-data/w7p.sqlite" << 'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price INTEGER NOT NULL)")
db.executemany("INSERT INTO items VALUES (?, ?, ?)", [(i, "item %03d" % i, i * 37 % 101) for i in range(1, 101)])
db.commit()
PY
W7P_ANSWER=$'items 100, sum 2533, #42 item 042 at 39\n'
# Servers that drop privileges (nginx's and Apache's workers) must read the files.
chmod 755 "$WORK" "$ROOT" "$PROXY_ROOT" "$PHP_ROOT" "$WORK/php-data"
chmod 644 "$ROOT"/* "$PHP_ROOT"/* "$WORK/php-data"/*

NICE=()
nice -n -10 true 2> /dev/null && NICE=(nice -n -10)
PIN_SERVER=() PIN_CLIENT=()
if [ "$(nproc)" -ge 2 ]; then PIN_SERVER=(taskset -c 0) PIN_CLIENT=(taskset -c 1); fi

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_port() {
    for _ in $(seq 100); do (exec 3<> "/dev/tcp/127.0.0.1/$1") 2> /dev/null && return 0; sleep 0.1; done
    return 1
}

. tests/perf/lib.sh

SERVER_PID=""
stop_server() {
    [ -n "$SERVER_PID" ] || return 0
    local pids
    pids=$(pgrep -s "$SERVER_PID" || true)
    kill -TERM $pids 2> /dev/null || true
    for _ in $(seq 50); do
        [ -z "$(pgrep -s "$SERVER_PID" || true)" ] && break
        sleep 0.1
    done
    kill -KILL $(pgrep -s "$SERVER_PID" || true) 2> /dev/null || true
    SERVER_PID=""
}
# W6p's upstream: nginx answering "OK" on /ok, one worker, daemonised (its
# own session, pid in $UPSTREAM_DIR/nginx.pid), pinned with the servers.
UPSTREAM_PID="" UPSTREAM_PORT="" UPSTREAM_DIR=$WORK/upstream
start_upstream() {
    UPSTREAM_PORT=$(free_port)
    mkdir -p "$UPSTREAM_DIR"
    WORK=$UPSTREAM_DIR write_nginx_ok_conf "$UPSTREAM_PORT" 1000000
    [ "$(id -u)" = 0 ] && sed -i 's|^worker_processes 1;|worker_processes 1;\nuser root;|' "$UPSTREAM_DIR/nginx.conf"
    "${NICE[@]}" "${PIN_SERVER[@]}" nginx -p "$UPSTREAM_DIR" -c "$UPSTREAM_DIR/nginx.conf" -e "$UPSTREAM_DIR/logs/error.log" ||
        { cat "$UPSTREAM_DIR/logs/error.log" >&2; return 1; }
    wait_port "$UPSTREAM_PORT" && UPSTREAM_PID=$(cat "$UPSTREAM_DIR/nginx.pid")
    [ -n "$UPSTREAM_PID" ] && [ "$(curl -sf "http://127.0.0.1:$UPSTREAM_PORT/ok")" = OK ]
}
stop_upstream() {
    [ -n "$UPSTREAM_PID" ] || return 0
    kill -TERM "$UPSTREAM_PID" 2> /dev/null || true
    for _ in $(seq 50); do kill -0 "$UPSTREAM_PID" 2> /dev/null || break; sleep 0.1; done
    kill -KILL "$UPSTREAM_PID" 2> /dev/null || true
    UPSTREAM_PID=""
}
# W5's and W7p's PHP-FPM: php-fpm8.2 in the foreground, in a session of its
# own ($PHP_PID), pinned with the servers, on the unix socket $PHP_SOCK.
PHP_PID="" PHP_DIR=$WORK/php-fpm PHP_SOCK=$WORK/php-fpm/php-fpm.sock
start_php() {
    local fpm
    fpm=$(command -v php-fpm8.2 || ls /usr/sbin/php-fpm8.2 2> /dev/null || true)
    [ -n "$fpm" ] || { echo "W5, W7p left out: PHP-FPM is not installed (apt-get install php8.2-fpm php8.2-sqlite3)" >&2; return 1; }
    mkdir -p "$PHP_DIR/logs"
    cat > "$PHP_DIR/php-fpm.conf" << FPM
[global]
pid = $PHP_DIR/php-fpm.pid
error_log = $PHP_DIR/logs/php-fpm.log
daemonize = no
[shootout]
listen = $PHP_SOCK
listen.mode = 0666
listen.backlog = 4096
pm = static
pm.max_children = $PHP_CHILDREN
pm.max_requests = 0
FPM
    local root=()
    [ "$(id -u)" = 0 ] && { printf 'user = root\ngroup = root\n' >> "$PHP_DIR/php-fpm.conf"; root=(--allow-to-run-as-root); }
    setsid "${NICE[@]}" "${PIN_SERVER[@]}" "$fpm" --nodaemonize --fpm-config "$PHP_DIR/php-fpm.conf" -p "$PHP_DIR" "${root[@]}" \
        > "$PHP_DIR/output.log" 2>&1 < /dev/null &
    PHP_PID=$!
    for _ in $(seq 100); do
        python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).connect(sys.argv[1])' "$PHP_SOCK" 2> /dev/null && return 0
        sleep 0.1
    done
    echo "PHP-FPM did not start; its output and log:" >&2
    cat "$PHP_DIR/output.log" "$PHP_DIR/logs/php-fpm.log" >&2 2> /dev/null || true
    return 1
}
stop_php() {
    [ -n "$PHP_PID" ] || return 0
    kill -TERM $(pgrep -s "$PHP_PID" || true) 2> /dev/null || true
    for _ in $(seq 50); do
        [ -z "$(pgrep -s "$PHP_PID" || true)" ] && break
        sleep 0.1
    done
    kill -KILL $(pgrep -s "$PHP_PID" || true) 2> /dev/null || true
    PHP_PID=""
}
trap 'stop_server; stop_upstream; stop_php; rm -rf "$WORK"' EXIT

# W1s's and W1sn's TLS listener: its port (set before start_server tls) and
# the local CA's data folder (the root clients trust in its ca/rootCA.pem).
TLS_PORT="" TLS_DATA=$WORK/tls-data TLS_ROOT=$WORK/tls-data/ca/rootCA.pem
# Sets port and TLS_PORT: two free ports, not the same one.
pick_tls_ports() {
    port=$(free_port) TLS_PORT=$(free_port)
    while [ "$TLS_PORT" = "$port" ]; do TLS_PORT=$(free_port); done
}

# Starts server $1 on port $2 in a session of its own; SERVER_PID is that
# session's id. Its configuration and logs go to $WORK/$1/ ($WORK/$1-proxied/
# for MODE proxied: W6p's site, "/" proxied to the upstream; $WORK/$1-php/ for
# MODE php: W5's and W7p's, "/" run by the PHP-FPM pool; $WORK/$1-tls/ for
# MODE tls: the files' site with a TLS listener on $TLS_PORT too).
start_server() { # NAME PORT [MODE]
    local name=$1 port=$2 mode=${3:-files} dir=$WORK/$1
    local site=(--default "$ROOT" --route /ok=OK --route /hello=hello) tls=() ready=$2
    if [ "$mode" = proxied ]; then
        dir=$WORK/$1-proxied
        site=(--default "$PROXY_ROOT" --proxy "/=http://127.0.0.1:$UPSTREAM_PORT")
    elif [ "$mode" = php ]; then
        dir=$WORK/$1-php
        site=(--default "$PHP_ROOT" --php "unix:$PHP_SOCK")
    elif [ "$mode" = tls ]; then
        dir=$WORK/$1-tls
        tls=(--listen-tls "127.0.0.1:$TLS_PORT" --data-dir "$TLS_DATA")
        ready=$TLS_PORT
    fi
    mkdir -p "$dir/logs"
    if [ "$name" != hostbench ] && [ "${SERVERS_CONF:-export}" = hand ] && [ "$mode" != files ]; then
        echo "$name: no hand-written $mode configuration (SERVERS_CONF=hand): left out of $(case $mode in php) echo W5, W7p ;; tls) echo W1s, W1sn ;; *) echo W6p ;; esac)" >&2
        return 1
    elif [ "$name" != hostbench ] && [ "${SERVERS_CONF:-export}" = hand ]; then
        [ -f "$HERE/$name.conf" ] || { echo "$name: no hand-written configuration in $HERE" >&2; return 1; }
        sed -e "s|@PORT@|$port|g" -e "s|@ROOT@|$ROOT|g" -e "s|@WORK@|$dir|g" "$HERE/$name.conf" > "$dir/conf"
        sed -i -e "s|^daemon off;||" -e "s|$dir/error.log|$dir/logs/error.log|" "$dir/conf"
        [ "$name" = h2o ] && echo "user: $(id -un)" >> "$dir/conf"
        [ "$name" = apache2 ] && [ "$(id -u)" -eq 0 ] && printf 'User www-data\nGroup www-data\n' >> "$dir/conf"
    elif [ "$name" != hostbench ]; then
        # Started as root, the workers run as root too (Apache's as www-data), as the hand-written ones did.
        "$CLI" export "$name" --flavour benchmark "${site[@]}" --listen "127.0.0.1:$port" "${tls[@]}" \
            --out "$dir/conf" --prefix "$dir" --user "$(id -un)" 2> "$dir/export.log" || {
            cat "$dir/export.log" >&2
            [ "$mode" = proxied ] && echo "$name: export wrote no proxy configuration: left out of W6p" >&2
            [ "$mode" = php ] && echo "$name: export wrote no PHP configuration: left out of W5, W7p" >&2
            [ "$mode" = tls ] && echo "$name: export wrote no TLS configuration: left out of W1s, W1sn" >&2
            return 1
        }
    fi
    case $name in
    hostbench) set -- "$CLI" serve $([ "$(id -u)" = 0 ] && echo --user root) --listen "127.0.0.1:$port" --threads 1 --control off "${site[@]}" "${tls[@]}" ;;
    nginx) set -- nginx -p "$dir" -c "$dir/conf" -e "$dir/logs/error.log" -g 'daemon off;' ;;
    lighttpd) set -- lighttpd -D -f "$dir/conf" ;;
    h2o) set -- h2o -c "$dir/conf" ;;
    apache2) set -- apache2 -f "$dir/conf" -DFOREGROUND ;;
    # As the export's head says, one thread of Go's scheduler (GOMAXPROCS=1) for one worker.
    caddy) set -- env XDG_CONFIG_HOME="$dir/config" XDG_DATA_HOME="$dir/data" GOMAXPROCS=1 caddy run --config "$dir/conf" --adapter caddyfile ;;
    esac
    setsid "${NICE[@]}" "${PIN_SERVER[@]}" "$@" > "$dir/stdout.log" 2>&1 < /dev/null &
    SERVER_PID=$!
    if ! wait_port "$ready"; then
        echo "$name did not start; its output and error log:" >&2
        cat "$dir/stdout.log" "$dir/logs/error.log" 2> /dev/null >&2 || true
        stop_server
        return 1
    fi
}

# The CPU time of session $1 (default: the server's), in clock ticks.
server_ticks() { # [SESSION]
    local pids total=0
    pids=$(pgrep -s "${1:-$SERVER_PID}" || true)
    for p in $pids; do
        total=$((total + $(awk '{print $14 + $15}' "/proc/$p/stat" 2> /dev/null || echo 0)))
    done
    echo "$total"
}

# Row: the tool, the path, the concurrency, keep-alive.
row_spec() {
    case $1 in
    W6) echo "wrk /ok 50 1" ;;
    W6ab) echo "ab /ok 50 1" ;;
    W1k) echo "wrk /x.txt 50 1" ;;
    W1ab) echo "ab /x.txt 50 0" ;;
    W2) echo "wrk /photo.jpg 50 1" ;;
    W3) echo "wrk /archive.zip 10 1" ;;
    W4) echo "wrk /huge.bin 4 1" ;;
    W6p) echo "wrk /ok 50 1" ;;
    W5) echo "wrk /hello.php 50 1" ;;
    W5r) echo "wrk /hello 50 1" ;;
    W7p) echo "wrk /w7p.php 50 1" ;;
    W1s) echo "wrk /x.txt 50 1" ;;
    W1sn) echo "bench /x.txt 50 0" ;;
    W1h2) echo "h2load /x.txt 10 1" ;;
    W2h2) echo "h2load /photo.jpg 10 1" ;;
    *) echo "" ;;
    esac
}
row_label() {
    case $1 in
    W6) echo "W6 2 B, wrk -c50 keep-alive" ;;
    W6ab) echo "W6 2 B, ab -k -c50" ;;
    W1k) echo "W1 4,070 B, wrk keep-alive" ;;
    W1ab) echo "W1 4,070 B, ab, new connection each" ;;
    W2) echo "W2 45,056 B, wrk keep-alive" ;;
    W3) echo "W3 1,414,000 B, wrk keep-alive" ;;
    W4) echo "W4 128 MiB, wrk -c4 keep-alive" ;;
    W6p) echo "W6p 2 B from the upstream through the server's proxy, wrk -c50 keep-alive" ;;
    W5) echo "W5 PHP hello (5 B) through PHP-FPM, wrk -c50 keep-alive" ;;
    W5r) echo "W5r 5 B fixed answer (hello), no app, wrk -c50 keep-alive" ;;
    W7p) echo "W7p PHP, 3 SQLite queries (PDO), $((${#W7P_ANSWER})) B, through PHP-FPM, wrk -c50 keep-alive" ;;
    W1s) echo "W1s W1 4,070 B over TLS, wrk -c50 keep-alive" ;;
    W1sn) echo "W1sn W1 over TLS, a full handshake per request (handshakes/s), hostbench-cli bench -c50 --tls-resume off" ;;
    W1h2) echo "W1h2 W1 4,070 B over HTTP/2 (h2 by ALPN), h2load -c10 -m10" ;;
    W2h2) echo "W2h2 W2 45,056 B over HTTP/2 (h2 by ALPN), h2load -c10 -m10" ;;
    esac
}

# Checks that server $1 answers each path with the expected bytes (MODE
# proxied: /ok only, which the upstream answers; MODE php: the PHP pages).
check_bodies() { # NAME PORT [MODE]
    local ok=0 path expect paths=(/ok /x.txt /photo.jpg /archive.zip /huge.bin) how="" rows=""
    [[ " $ROWS " == *" W5r "* ]] && paths+=(/hello)
    case ${3:-files} in
    proxied) paths=(/ok) how=" through its proxy" rows=" of W6p" ;;
    php) paths=(/hello.php /w7p.php) how=" through PHP-FPM" rows=" of W5, W7p" ;;
    tls) paths=(/x.txt) how=" over TLS (port $TLS_PORT, the CA's root $TLS_ROOT)" rows=" of W1s, W1sn" ;;
    esac
    for path in "${paths[@]}"; do
        case $path in
        /ok) expect=$(printf OK | sha256sum) ;;
        /hello | /hello.php) expect=$(printf hello | sha256sum) ;;
        /w7p.php) expect=$(printf '%s' "$W7P_ANSWER" | sha256sum) ;;
        *) expect=$(sha256sum < "$ROOT$path") ;;
        esac
        local url=(--url "http://127.0.0.1:$2$path")
        [ "${3:-files}" = tls ] && url=(--cacert "$TLS_ROOT" --resolve "localhost:$TLS_PORT:127.0.0.1" --url "https://localhost:$TLS_PORT$path")
        if [ "$(curl -sf "${url[@]}" | sha256sum)" != "$expect" ]; then
            echo "$1 answers $path with other bytes$how: it is left out$rows" >&2
            ok=1
        fi
    done
    return $ok
}

# Checks that server $1's TLS listener ($TLS_PORT) answers the HTTP/2 rows'
# files over HTTP/2 (h2 by ALPN, curl offering h2 and http/1.1) with their bytes.
check_h2() { # NAME
    local ok=0 path got version
    for path in /x.txt /photo.jpg; do
        got=$(curl -sf --http2 --cacert "$TLS_ROOT" --resolve "localhost:$TLS_PORT:127.0.0.1" \
            -o "$WORK/h2-body" -w '%{http_version}' "https://localhost:$TLS_PORT$path" || true)
        version=${got:-none}
        if [ "$version" != 2 ]; then
            echo "$1 answers $path over HTTP/$version, not HTTP/2 (its TLS listener did not choose h2 by ALPN): it is left out of ${H2_ROWS% }" >&2
            ok=1
        elif [ "$(sha256sum < "$WORK/h2-body")" != "$(sha256sum < "$ROOT$path")" ]; then
            echo "$1 answers $path over HTTP/2 with other bytes: it is left out of ${H2_ROWS% }" >&2
            ok=1
        fi
    done
    return $ok
}

# Prints "requests_per_second cpu_us_per_request errors php_fpm_cpu_us_per_request"
# (the last 0 but for the PHP rows).
measure() { # ROW PORT (W1s, W1sn: the TLS port)
    local tool path conc keep
    read -r tool path conc keep <<< "$(row_spec "$1")"
    local url="http://127.0.0.1:$2$path" t0 t1 p0=0 p1=0 out php=""
    case $1 in W1s | W1sn | W1h2 | W2h2) url="https://localhost:$2$path" ;; esac
    case $1 in W5 | W7p) php=$PHP_PID ;; esac
    [ -n "$php" ] && p0=$(server_ticks "$php")
    t0=$(server_ticks)
    if [ "$tool" = wrk ]; then
        # W4's answers take a second or more each: run it longer, with room for them.
        local seconds=$DURATION
        [ "$path" = /huge.bin ] && seconds=$((DURATION * 3))
        out=$("${NICE[@]}" "${PIN_CLIENT[@]}" wrk -t1 -c"$conc" -d"${seconds}s" --timeout 30s "$url" 2>&1 || true)
    elif [ "$tool" = h2load ]; then
        # h2 by ALPN (h2load offers h2 only), $keep ignored: HTTP/2 keeps its connections.
        out=$("${NICE[@]}" "${PIN_CLIENT[@]}" h2load -c "$conc" -m 10 -t 1 -D "$DURATION" "$url" 2>&1 || true)
    elif [ "$tool" = bench ]; then
        # ab's report: "Requests per second", "Complete requests", "Failed requests", "Non-2xx responses".
        out=$("${NICE[@]}" "${PIN_CLIENT[@]}" "$CLI" bench -n "$REQUESTS" -c "$conc" --tls-resume off --no-store \
            --data-dir "$TLS_DATA" "$url" 2>&1 || true)
    else
        local n=$((conc * 2000))
        [ "$path" = /x.txt ] && [ "$keep" = 0 ] && n=50000
        local k=()
        [ "$keep" = 1 ] && k=(-k)
        out=$("${NICE[@]}" "${PIN_CLIENT[@]}" ab -q -r "${k[@]}" -c"$conc" -n"$n" "$url" 2>&1 || true)
    fi
    t1=$(server_ticks)
    [ -n "$php" ] && p1=$(server_ticks "$php")
    python3 - "$tool" "$out" "$((t1 - t0))" "$(getconf CLK_TCK)" "$((p1 - p0))" << 'PY'
import re, sys
tool, out, ticks, hz, php_ticks = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
def num(pattern, default=0.0):
    m = re.search(pattern, out)
    return float(m.group(1)) if m else default
if tool == "bench":
    tool = "ab"
if tool == "h2load":
    rps = num(r"finished in [\d.]+m?s, ([\d.]+) req/s")
    n = num(r"(\d+) done")
    errors = int(num(r"(\d+) failed")) + int(num(r"(\d+) errored")) + int(num(r"(\d+) timeout"))
    # Answers outside 2xx, as wrk's "Non-2xx or 3xx responses" (h2load's "done" and its status
    # counts are taken at slightly different moments when -D ends the run: not subtracted).
    errors += sum(int(x) for x in re.findall(r"(\d+) [345]xx", out))
    if not re.search(r"^Application protocol: h2$", out, re.M):
        # Not HTTP/2: no figure, every request an error.
        sys.stderr.write("h2load: the server did not speak h2\n" + out[-500:] + "\n")
        rps, errors = 0.0, max(int(n), 1)
elif tool == "wrk":
    rps = num(r"Requests/sec:\s*([\d.]+)")
    n = num(r"(\d+) requests in")
    errors = sum(int(x) for x in re.findall(r"(?:connect|read|write|timeout) (\d+)", out))
    errors += int(num(r"Non-2xx or 3xx responses: (\d+)"))
else:
    rps = num(r"Requests per second:\s*([\d.]+)")
    n = num(r"Complete requests:\s*(\d+)")
    errors = int(num(r"Failed requests:\s*(\d+)")) + int(num(r"Non-2xx responses:\s*(\d+)"))
cpu_us = ticks / hz / n * 1e6 if n else 0.0
php_us = php_ticks / hz / n * 1e6 if n else 0.0
print(f"{rps:.2f} {cpu_us:.1f} {errors} {php_us:.1f}")
PY
}

FILE_ROWS="" PROXY_ROWS="" PHP_ROWS="" TLS_ROWS="" H2_ROWS=""
for row in $ROWS; do
    case $row in
    W6p) PROXY_ROWS=W6p ;;
    W5 | W7p) PHP_ROWS+="$row " ;;
    W1s | W1sn) TLS_ROWS+="$row " ;;
    W1h2 | W2h2) H2_ROWS+="$row " ;;
    *) FILE_ROWS+="$row " ;;
    esac
done
if [ -n "$PROXY_ROWS" ] && ! start_upstream; then
    echo "W6p left out: its upstream (nginx, apt-get install nginx-light) did not start" >&2
    stop_upstream
    PROXY_ROWS=""
fi
if [ -n "$PHP_ROWS" ] && ! start_php; then
    stop_php
    PHP_ROWS=""
fi
if [ -n "$H2_ROWS" ] && ! command -v h2load > /dev/null; then
    echo "${H2_ROWS% } left out: h2load is not installed (apt-get install nghttp2-client)" >&2
    H2_ROWS=""
fi

declare -A RPS CPU ERR PHPCPU PROXIED PHPSITE TLSSITE H2SITE
usable=()
for s in "${SERVERS[@]}"; do
    port=$(free_port)
    ok=0
    if [ -n "$FILE_ROWS" ]; then
        if start_server "$s" "$port" && check_bodies "$s" "$port"; then ok=1; fi
        stop_server
    fi
    if [ -n "$PROXY_ROWS" ]; then
        port=$(free_port)
        if start_server "$s" "$port" proxied && check_bodies "$s" "$port" proxied; then PROXIED[$s]=1 ok=1; fi
        stop_server
    fi
    if [ -n "$PHP_ROWS" ]; then
        port=$(free_port)
        if start_server "$s" "$port" php && check_bodies "$s" "$port" php; then PHPSITE[$s]=1 ok=1; fi
        stop_server
    fi
    if [ -n "$TLS_ROWS$H2_ROWS" ]; then
        pick_tls_ports
        if start_server "$s" "$port" tls; then
            if [ -n "$TLS_ROWS" ] && check_bodies "$s" "$port" tls; then TLSSITE[$s]=1 ok=1; fi
            if [ -n "$H2_ROWS" ] && check_h2 "$s"; then H2SITE[$s]=1 ok=1; fi
        fi
        stop_server
    fi
    [ "$ok" = 1 ] && usable+=("$s")
done
SERVERS=("${usable[@]}")
[ "${#SERVERS[@]}" -gt 0 ] || { echo "no server to measure" >&2; exit 1; }

version_of() {
    case $1 in
    hostbench) "$CLI" --version 2> /dev/null | awk '{print $2}' ;;
    nginx) nginx -v 2>&1 | sed 's|.*nginx/||' ;;
    lighttpd) lighttpd -v 2>&1 | head -1 | sed 's|lighttpd/\([^ ]*\).*|\1|' ;;
    h2o) h2o --version 2>&1 | head -1 | awk '{print $3}' ;;
    apache2) apache2 -v 2>&1 | head -1 | sed 's|.*Apache/\([^ ]*\).*|\1|' ;;
    caddy) caddy version 2>&1 | head -1 | awk '{print $1}' ;;
    esac
}
echo "# $(date -u +%FT%TZ), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')), $(uname -r)"
echo "# $ROUNDS rounds, order rotated each round; median requests/s; server pinned to CPU 0, generator to CPU 1"
[ -n "$PROXY_ROWS" ] && echo "# W6p: upstream nginx $(version_of nginx), 1 worker, on 127.0.0.1:$UPSTREAM_PORT (pid $UPSTREAM_PID), pinned to CPU 0 with the servers, started once"
[ -n "$TLS_ROWS$H2_ROWS" ] && [ -f "$TLS_ROOT" ] && echo "# ${TLS_ROWS}${H2_ROWS% }: every server's TLS listener with the same ECDSA P-256 leaf for localhost ($TLS_DATA/ca/sites/localhost.pem), TLS 1.2/1.3, session tickets; $(openssl version 2> /dev/null || true)"
[ -n "$PHP_ROWS" ] && echo "# ${PHP_ROWS% }: PHP-FPM $(php-fpm8.2 -v 2> /dev/null | head -1 | awk '{print $2}' || true), pm static, $PHP_CHILDREN children, on unix:$PHP_SOCK (session $PHP_PID), pinned to CPU 0 with the servers, started once"
printf '# versions:'
for s in "${SERVERS[@]}"; do printf ' %s %s;' "$s" "$(version_of "$s")"; done
echo

# Measures ROWS on the server now running (SERVER_PID) as NAME.
measure_rows() { # NAME PORT ROWS...
    local s=$1 port=$2 row rps cpu err php
    shift 2
    for row in "$@"; do
        [ -n "$(row_spec "$row")" ] || { echo "unknown row $row" >&2; continue; }
        read -r rps cpu err php <<< "$(measure "$row" "$port")"
        RPS[$row,$s]+="$rps "
        CPU[$row,$s]+="$cpu "
        PHPCPU[$row,$s]+="$php "
        ERR[$row,$s]=$((${ERR[$row,$s]:-0} + err))
    done
}

# The rotation: every server, and the upstream alone when W6p is measured.
TURNS=("${SERVERS[@]}")
[ -n "$PROXY_ROWS" ] && TURNS+=(upstream)
for ((round = 0; round < ROUNDS; round++)); do
    count=${#TURNS[@]}
    for ((i = 0; i < count; i++)); do
        s=${TURNS[$(((i + round) % count))]}
        if [ "$s" = upstream ]; then
            # Its own session (nginx's daemon is its leader): its CPU, not a server's.
            SERVER_PID=$UPSTREAM_PID
            # shellcheck disable=SC2086
            measure_rows upstream "$UPSTREAM_PORT" $PROXY_ROWS
            SERVER_PID=""
            continue
        fi
        if [ -n "$FILE_ROWS" ]; then
            port=$(free_port)
            if start_server "$s" "$port"; then
                # shellcheck disable=SC2086
                measure_rows "$s" "$port" $FILE_ROWS
            fi
            stop_server
        fi
        if [ -n "$PROXY_ROWS" ] && [ -n "${PROXIED[$s]:-}" ]; then
            port=$(free_port)
            if start_server "$s" "$port" proxied; then
                # shellcheck disable=SC2086
                measure_rows "$s" "$port" $PROXY_ROWS
            fi
            stop_server
        fi
        if [ -n "$PHP_ROWS" ] && [ -n "${PHPSITE[$s]:-}" ]; then
            port=$(free_port)
            if start_server "$s" "$port" php; then
                # shellcheck disable=SC2086
                measure_rows "$s" "$port" $PHP_ROWS
            fi
            stop_server
        fi
        if { [ -n "$TLS_ROWS" ] && [ -n "${TLSSITE[$s]:-}" ]; } || { [ -n "$H2_ROWS" ] && [ -n "${H2SITE[$s]:-}" ]; }; then
            pick_tls_ports
            if start_server "$s" "$port" tls; then
                # shellcheck disable=SC2086
                if [ -n "${TLSSITE[$s]:-}" ]; then measure_rows "$s" "$TLS_PORT" $TLS_ROWS; fi
                # shellcheck disable=SC2086
                if [ -n "${H2SITE[$s]:-}" ]; then measure_rows "$s" "$TLS_PORT" $H2_ROWS; fi
            fi
            stop_server
        fi
    done
    echo "# round $((round + 1)) of $ROUNDS done" >&2
done

# The table: one row per workload, requests/s (median) of each server, then
# Hostbench / best of the others; then CPU per request.
{
    for row in $ROWS; do
        [ -n "$(row_spec "$row")" ] || continue
        printf '%s\t%s' "$row" "$(row_label "$row")"
        for s in "${SERVERS[@]}"; do printf '\t%s\t%s\t%s' "${RPS[$row,$s]:-}" "${CPU[$row,$s]:-}" "${ERR[$row,$s]:-0}"; done
        echo
    done
} > "$WORK/results.tsv"
# W6p's reference: the upstream alone.
for row in $PROXY_ROWS; do
    printf '%s\t%s\t%s\t%s\n' "$row" "${RPS[$row,upstream]:-}" "${CPU[$row,upstream]:-}" "${ERR[$row,upstream]:-0}"
done > "$WORK/reference.tsv"
# W5's and W7p's PHP-FPM CPU per request, per server.
for row in $PHP_ROWS; do
    printf '%s\t%s' "$row" "$(row_label "$row")"
    for s in "${SERVERS[@]}"; do printf '\t%s' "${PHPCPU[$row,$s]:-}"; done
    echo
done > "$WORK/php.tsv"
python3 - "$WORK/results.tsv" "$WORK/reference.tsv" "$WORK/php.tsv" "${SERVERS[@]}" << 'PY'
import statistics, sys
path, reference, php, servers = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
rows = [line.rstrip("\n").split("\t") for line in open(path)]
refs = [line.rstrip("\n").split("\t") for line in open(reference)]
phps = [line.rstrip("\n").split("\t") for line in open(php)]
def med(cell):
    values = [float(x) for x in cell.split()]
    return statistics.median(values) if values else 0.0
def rate(v):
    return f"{v:,.0f}" if v >= 100 else f"{v:.2f}"
def figure(cell):
    # A server left out of a row (W6p when it does not proxy) has no figure.
    return f"{rate(med(cell))} (±{spread(cell):.0f}%)" if cell.split() else "-"
def spread(cell):
    values = [float(x) for x in cell.split()]
    m = statistics.median(values) if values else 0.0
    return (max(values) - min(values)) / m * 100 if values and m else 0.0
print()
print("| workload | " + " | ".join(servers) + " | Hostbench / best other |")
print("|---" * (len(servers) + 2) + "|")
for r in rows:
    label, cells = r[1], r[2:]
    rps = {s: med(cells[3 * i]) for i, s in enumerate(servers)}
    others = [rps[s] for s in servers if s != "hostbench"]
    ratio = f"{rps['hostbench'] / max(others):.2f}" if "hostbench" in rps and others and max(others) > 0 and rps["hostbench"] > 0 else "-"
    print(f"| {label} | " + " | ".join(figure(cells[3 * i]) for i in range(len(servers))) + f" | **{ratio}** |")
for r in refs:
    errors = f", {r[3]} errors" if r[3] != "0" else ""
    print(f"| {r[0]} reference: the upstream alone (nginx, 1 worker), same wrk | {figure(r[1])}, "
          f"{med(r[2]):.1f} µs CPU/request{errors} |" + " |" * len(servers))
print()
print("Server CPU per request, µs (median of the rounds); errors summed over the rounds"
      + ("; W6p: the front server's own processes only, not the upstream's" if refs else ""))
print()
print("| workload | " + " | ".join(servers) + " |")
print("|---" * (len(servers) + 1) + "|")
for r in rows:
    label, cells = r[1], r[2:]
    print(f"| {label} | " + " | ".join((f"{med(cells[3 * i + 1]):.1f}" if cells[3 * i].split() else "-") + (f" ({cells[3 * i + 2]} errors)" if cells[3 * i + 2] != "0" else "") for i, s in enumerate(servers)) + " |")
if phps:
    print()
    print("PHP-FPM's own CPU per request, µs (median of the rounds; the one pool behind every server, "
          "measured apart from the server's: the front server's overhead is its column above)")
    print()
    print("| workload | " + " | ".join(servers) + " |")
    print("|---" * (len(servers) + 1) + "|")
    for r in phps:
        label, cells = r[1], r[2:]
        print(f"| {label} | " + " | ".join(f"{med(c):.1f}" if c.split() else "-" for c in cells) + " |")
PY
