#!/usr/bin/env bash
# Proxied paths and PHP pages over HTTP/2 (issue #27): Hostbench's engine
# against nginx under h2load, h2c with prior knowledge, one worker each,
# access logs off.
#   W6p h2c: h2load -n $REQUESTS -c $CLIENTS -m $STREAMS /ok   proxied to an upstream
#            nginx answering "OK" (HTTP/1.1 upstream, keep-alive pool of 64
#            connections on both servers)
#   W5 h2c:  h2load -n $REQUESTS -c $CLIENTS -m $STREAMS /hello.php   (`<?php echo "hello";`)
#            through one PHP-FPM pool ($PHP_CHILDREN static children, a unix
#            socket) that both servers share
# Runs each measurement $ROUNDS times, alternating servers (the order swapped
# each round), and prints each rate and the median of each, and the ratio.
# The servers, the upstream and PHP-FPM are pinned to CPU 0, h2load to CPU 1
# (tests/perf/lib.sh). On a shared machine only the ratio means something.
#
# Usage: tests/perf/h2dynamic.sh [path/to/hostbench-cli]
#   env: ROUNDS=3  REQUESTS=20000  PHP_CHILDREN=4  CLIENTS=10  STREAMS=10 (h2load's -c and -m)
#        BACKLOG=4096 (PHP-FPM's listen.backlog; 511 is its default)
# Exit status 0 when every run answered all its requests, 1 otherwise, 2 for a missing tool.
set -euo pipefail
cd "$(dirname "$0")/../.."
CLI=$(readlink -f "${1:-build/app/cli/hostbench-cli}")
ROUNDS=${ROUNDS:-3}
REQUESTS=${REQUESTS:-20000}
PHP_CHILDREN=${PHP_CHILDREN:-4}
CLIENTS=${CLIENTS:-10}
STREAMS=${STREAMS:-10}
BACKLOG=${BACKLOG:-4096}
PATH=$PATH:/usr/sbin
for tool in "$CLI" h2load nginx php-fpm8.2 curl python3; do
    command -v "$tool" > /dev/null || { echo "missing: $tool (apt-get install nghttp2-client nginx php8.2-fpm curl python3)" >&2; exit 2; }
done

WORK=$(mktemp -d /tmp/hostbench-h2dyn.XXXXXX)
chmod 755 "$WORK"
. tests/perf/lib.sh
set_cpu_pinning
ROOT=$WORK/site
mkdir -p "$ROOT" "$WORK/upstream" "$WORK/nginx/logs" "$WORK/fpm/logs"
printf '<?php echo "hello";' > "$ROOT/hello.php"
chmod 755 "$ROOT"
chmod 644 "$ROOT/hello.php"
SOCK=$WORK/fpm/php-fpm.sock
HB_PID="" FPM_PID=""
as_root=()
[ "$(id -u)" = 0 ] && as_root=(--user root)
cleanup() {
    [ -n "$HB_PID" ] && kill "$HB_PID" 2> /dev/null || true
    [ -f "$WORK/nginx/nginx.pid" ] && kill "$(cat "$WORK/nginx/nginx.pid")" 2> /dev/null || true
    [ -f "$WORK/upstream/nginx.pid" ] && kill "$(cat "$WORK/upstream/nginx.pid")" 2> /dev/null || true
    [ -n "$FPM_PID" ] && kill "$FPM_PID" 2> /dev/null || true
    sleep 0.5
    rm -rf "$WORK"
}
trap cleanup EXIT

# The upstream: nginx's "OK" (lib.sh), one worker.
UP_PORT=$(free_port)
(WORK=$WORK/upstream && write_nginx_ok_conf "$UP_PORT" 100000000)
[ "$(id -u)" = 0 ] && sed -i 's|^worker_processes 1;|worker_processes 1;\nuser root;|' "$WORK/upstream/nginx.conf"
"${PIN_SERVER[@]}" nginx -p "$WORK/upstream" -c "$WORK/upstream/nginx.conf" -e "$WORK/upstream/logs/error.log"
wait_for_port "$UP_PORT" || { echo "the upstream nginx did not start" >&2; exit 1; }

# PHP-FPM, shared by both servers.
cat > "$WORK/fpm/php-fpm.conf" << FPM
[global]
error_log = $WORK/fpm/logs/php-fpm.log
daemonize = no
[bench]
listen = $SOCK
listen.mode = 0666
listen.backlog = $BACKLOG
pm = static
pm.max_children = $PHP_CHILDREN
pm.max_requests = 0
FPM
fpm_root=()
[ "$(id -u)" = 0 ] && { printf 'user = root\ngroup = root\n' >> "$WORK/fpm/php-fpm.conf"; fpm_root=(--allow-to-run-as-root); }
"${PIN_SERVER[@]}" php-fpm8.2 --nodaemonize --fpm-config "$WORK/fpm/php-fpm.conf" -p "$WORK/fpm" "${fpm_root[@]}" \
    > "$WORK/fpm/output.log" 2>&1 < /dev/null &
FPM_PID=$!
for _ in $(seq 100); do [ -S "$SOCK" ] && break; sleep 0.1; done
[ -S "$SOCK" ] || { echo "PHP-FPM did not start" >&2; cat "$WORK/fpm/output.log" >&2; exit 1; }

# nginx: h2c on a cleartext listener (prior knowledge), the same routes.
NGINX_PORT=$(free_port)
cat > "$WORK/nginx/nginx.conf" << NGX
worker_processes 1;
$([ "$(id -u)" = 0 ] && echo "user root;")
daemon on;
error_log $WORK/nginx/logs/error.log warn;
pid $WORK/nginx/nginx.pid;
events { worker_connections 4096; }
http {
    access_log off;
    keepalive_requests 100000; # HTTP/2 too (1.19.7+): no GOAWAY after 1,000 streams
    client_body_temp_path $WORK/nginx/body;
    proxy_temp_path $WORK/nginx/proxy;
    fastcgi_temp_path $WORK/nginx/fastcgi;
    uwsgi_temp_path $WORK/nginx/uwsgi;
    scgi_temp_path $WORK/nginx/scgi;
    upstream up { server 127.0.0.1:$UP_PORT; keepalive 64; }
    server {
        listen 127.0.0.1:$NGINX_PORT http2;
        root $ROOT;
        location = /ok { proxy_pass http://up; proxy_http_version 1.1; proxy_set_header Connection ""; }
        location ~ \.php\$ {
            include /etc/nginx/fastcgi_params;
            fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name;
            fastcgi_pass unix:$SOCK;
            fastcgi_keep_conn on;
        }
    }
}
NGX
"${PIN_SERVER[@]}" nginx -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -e "$WORK/nginx/logs/error.log"

HB_PORT=$(free_port)
"${PIN_SERVER[@]}" "$CLI" serve "${as_root[@]}" --listen "127.0.0.1:$HB_PORT" --threads 1 --control off \
    --data-dir "$WORK/hostbench" --access-log off --error-log off --default "$ROOT" \
    --proxy "/ok=http://127.0.0.1:$UP_PORT/ok" --php "unix:$SOCK" > "$WORK/hostbench.log" 2>&1 &
HB_PID=$!

for port in "$NGINX_PORT" "$HB_PORT"; do
    for path in /ok /hello.php; do
        ok=""
        for _ in $(seq 100); do
            body=$(curl -fs --http2-prior-knowledge "http://127.0.0.1:$port$path" || true)
            [ "$body" = OK ] || [ "$body" = hello ] && { ok=1; break; }
            sleep 0.1
        done
        [ -n "$ok" ] || { echo "no answer to $path on port $port" >&2; cat "$WORK/hostbench.log" >&2; exit 1; }
    done
done

status=0
run() { # PORT PATH: prints the requests per second
    local out
    out=$("${PIN_CLIENT[@]}" h2load -n "$REQUESTS" -c "$CLIENTS" -m "$STREAMS" "http://127.0.0.1:$1$2" 2>&1)
    if ! grep -q "requests: $REQUESTS total, $REQUESTS started, $REQUESTS done, $REQUESTS succeeded" <<< "$out"; then
        echo "not every request succeeded on port $1 $2:" >&2
        grep -E '^requests:|^status codes:' <<< "$out" >&2
        status=1
    fi
    sed -n 's/^finished in .*, \([0-9.]*\) req\/s.*/\1/p' <<< "$out"
}
median() { python3 -c 'import statistics, sys; print(f"{statistics.median(map(float, sys.argv[1:])):.0f}")' "$@"; }

echo "# $(date -u +%FT%TZ), $(lscpu | sed -n 's/^Model name: *//p') ($(nproc) CPUs), h2load -n $REQUESTS -c $CLIENTS -m $STREAMS, h2c, PHP-FPM backlog $BACKLOG"
for load in "W6p /ok" "W5 /hello.php"; do
    set -- $load
    name=$1 path=$2
    hb=() ng=()
    for round in $(seq "$ROUNDS"); do
        if [ $((round % 2)) = 1 ]; then
            hb+=("$(run "$HB_PORT" "$path")")
            ng+=("$(run "$NGINX_PORT" "$path")")
        else
            ng+=("$(run "$NGINX_PORT" "$path")")
            hb+=("$(run "$HB_PORT" "$path")")
        fi
    done
    h=$(median "${hb[@]}")
    n=$(median "${ng[@]}")
    echo "$name h2c  hostbench: ${hb[*]} (median $h)  nginx: ${ng[*]} (median $n)  ratio $(python3 -c "print(f'{$h / $n:.2f}')")"
done
exit $status
