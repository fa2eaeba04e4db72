#!/usr/bin/env bash
# HTTPS (issue #26): Hostbench's TLS listener beside nginx's, h2o's, Caddy's,
# lighttpd's and Apache's (mod_ssl; those installed; SERVERS to choose), in one run, with the
# same certificate and key (an ECDSA P-256 leaf of Hostbench's local CA),
# TLS 1.2/1.3, session tickets on (each server's default, nginx's set) and no
# shared session cache.
#   W1s   W1's 4,070-byte file over TLS, keep-alive: wrk -t1 -c50 (wrk speaks https)
#   W1sn  the same file, a new connection and a full handshake per request:
#         hostbench-cli bench -c 50 --tls-resume off (no -k), in handshakes/s
#   gen   the load generators' own full-handshake rate against the same nginx:
#         hostbench-cli bench (as W1sn) and h2load --h1 (each client one
#         connection and one request, so one full handshake each)
# One worker each, pinned to CPU 0, the generator to CPU 1 (lib.sh); ROUNDS
# interleaved rounds, the median shown with the spread (max-min)/median.
# Absolute figures count for this machine only: read the ratios.
# Apache: one child process of mpm_event (128 threads, one connection each),
# SSLSessionCache none, tickets on (SSLSessionTickets), as servers.sh's export.
# The configurations here are hand-written; tests/perf/servers.sh measures the
# same rows on the configurations `hostbench-cli export --listen-tls` writes.
#
# Usage: tests/perf/tls.sh [path/to/hostbench-cli]
#   env: ROUNDS=3 DURATION=4 REQUESTS=4000 SERVERS="nginx h2o caddy lighttpd apache2"
# Needs wrk, nginx, h2load (nghttp2-client), curl, python3; h2o, caddy and
# lighttpd and apache2 where installed (Debian's packages h2o, caddy, lighttpd,
# lighttpd-mod-openssl and apache2; one missing is left out, and said so).
set -euo pipefail
cd "$(dirname "$0")/../.."
CLI=$(readlink -f "${1:-build/app/cli/hostbench-cli}")
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-4}
REQUESTS=${REQUESTS:-4000}
for tool in "$CLI" wrk nginx h2load curl python3; do
    command -v "$tool" > /dev/null || { echo "missing: $tool" >&2; exit 2; }
done
OTHERS=()
for name in ${SERVERS:-nginx h2o caddy lighttpd apache2}; do
    if command -v "$name" > /dev/null || [ -x "/usr/sbin/$name" ]; then OTHERS+=("$name"); else echo "$name is not installed: left out" >&2; fi
done
WORK=$(mktemp -d /tmp/hostbench-tls.XXXXXX)
chmod 755 "$WORK"
source tests/perf/lib.sh
set_cpu_pinning
hb_pid=""
other_pids=()
cleanup() {
    for pid in "$hb_pid" "${other_pids[@]}"; do
        [ -n "$pid" ] && kill "$pid" 2> /dev/null && wait "$pid" 2> /dev/null || true
    done
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

declare -A port_of
start_other() { # NAME: its configuration in $WORK/NAME, started pinned in the foreground; sets port_of[NAME]
    local name=$1 port dir=$WORK/$1
    port=$(free_port)
    mkdir -p "$dir"
    case $name in
    nginx)
        cat > "$dir/conf" << NGX
worker_processes 1;
error_log $dir/error.log warn;
pid $dir/nginx.pid;
events { worker_connections 4096; }
http {
    access_log off;
    sendfile on;
    open_file_cache max=100;
    keepalive_requests 1000000;
    client_body_temp_path $dir/body;
    proxy_temp_path $dir/proxy;
    fastcgi_temp_path $dir/fastcgi;
    uwsgi_temp_path $dir/uwsgi;
    scgi_temp_path $dir/scgi;
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_session_cache off;
    ssl_session_tickets on;
    server {
        listen 127.0.0.1:$port ssl;
        server_name a.test;
        root $WORK/site;
        ssl_certificate $cert;
        ssl_certificate_key $key;
    }
}
NGX
        set -- nginx -p "$dir" -c "$dir/conf" -g 'daemon off;' ;;
    h2o)
        cat > "$dir/conf" << H2O
listen:
  host: 127.0.0.1
  port: $port
  ssl:
    certificate-file: $cert
    key-file: $key
    minimum-version: TLSv1.2
num-threads: 1
max-connections: 4096
pid-file: $dir/h2o.pid
error-log: $dir/error.log
user: $(id -un)
hosts:
  "a.test":
    paths:
      /:
        file.dir: $WORK/site
H2O
        set -- h2o -c "$dir/conf" ;;
    caddy)
        cat > "$dir/conf" << CADDY
{
    admin off
    skip_install_trust
    auto_https off
    storage file_system $dir/data
    default_sni a.test
}
https://a.test:$port, https://a.test.localhost:$port {
    bind 127.0.0.1
    tls $cert $key {
        protocols tls1.2 tls1.3
    }
    root * $WORK/site
    file_server
}
CADDY
        # One thread of Go's scheduler for one worker, as servers.sh runs it.
        set -- env XDG_CONFIG_HOME="$dir/config" XDG_DATA_HOME="$dir/data" GOMAXPROCS=1 \
            caddy run --config "$dir/conf" --adapter caddyfile ;;
    lighttpd)
        cat > "$dir/conf" << LIGHTTPD
server.modules += ( "mod_openssl" )
server.document-root = "$WORK/site"
server.bind = "127.0.0.1"
server.port = $port
server.pid-file = "$dir/lighttpd.pid"
server.errorlog = "$dir/error.log"
server.max-worker = 0
server.max-connections = 4096
server.max-fds = 8192
server.max-keep-alive-requests = 1000000
server.max-keep-alive-idle = 60
ssl.engine = "enable"
ssl.pemfile = "$cert"
ssl.privkey = "$key"
ssl.openssl.ssl-conf-cmd = ( "MinProtocol" => "TLSv1.2" )
mimetype.assign = ( ".txt" => "text/plain" )
LIGHTTPD
        set -- lighttpd -D -f "$dir/conf" ;;
    apache2)
        local modules=/usr/lib/apache2/modules user=""
        # Apache refuses to serve as root: started by root, its child runs as www-data.
        [ "$(id -u)" = 0 ] && user=$'User www-data\nGroup www-data'
        cat > "$dir/conf" << APACHE
LoadModule mpm_event_module $modules/mod_mpm_event.so
LoadModule authz_core_module $modules/mod_authz_core.so
LoadModule mime_module $modules/mod_mime.so
LoadModule ssl_module $modules/mod_ssl.so
ServerRoot "/etc/apache2"
ServerName a.test
Listen 127.0.0.1:$port https
$user
PidFile $dir/apache2.pid
DefaultRuntimeDir $dir
Mutex file:$dir default
ErrorLog $dir/error.log
LogLevel warn
TypesConfig /etc/mime.types
KeepAlive On
MaxKeepAliveRequests 0
EnableSendfile On
StartServers 1
ServerLimit 1
MinSpareThreads 1
MaxSpareThreads 128
ThreadsPerChild 128
ThreadLimit 128
MaxRequestWorkers 128
MaxConnectionsPerChild 0
SSLProtocol -all +TLSv1.2 +TLSv1.3
SSLSessionCache none
SSLSessionTickets on
<VirtualHost 127.0.0.1:$port>
    ServerName a.test
    ServerAlias a.test.localhost
    SSLEngine on
    SSLCertificateFile $cert
    SSLCertificateKeyFile $key
    DocumentRoot $WORK/site
    <Directory $WORK/site>
        Require all granted
    </Directory>
</VirtualHost>
APACHE
        set -- apache2 -f "$dir/conf" -DFOREGROUND ;;
    esac
    "${PIN_SERVER[@]}" "$@" > "$dir/stdout.log" 2>&1 < /dev/null &
    other_pids+=($!)
    if ! wait_for_port "$port"; then
        echo "$name did not start: left out" >&2
        cat "$dir/stdout.log" "$dir/error.log" 2> /dev/null >&2 || true
        return 1
    fi
    port_of[$name]=$port
}
started=()
for name in "${OTHERS[@]}"; do
    start_other "$name" && started+=("$name")
done

# Both serve the file, verified with the local CA alone.
for port in "$hb_port" "${port_of[@]}"; do
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
    results[W1sn_hostbench]+="$(w1sn "$hb_port") "
    for name in "${started[@]}"; do
        # wrk sends the address (127.0.0.1) as the TLS server name, for which
        # Caddy 2.6 finds no certificate (it has default_sni, for none, but no
        # fallback_sni yet): no W1s for Caddy.
        [ "$name" = caddy ] || results[W1s_$name]+="$(w1s "${port_of[$name]}") "
        results[W1sn_$name]+="$(w1sn "${port_of[$name]}") "
    done
    if [ -n "${port_of[nginx]:-}" ]; then
        results[gen_hostbench]+="$(w1sn "${port_of[nginx]}") "
        results[gen_h2load]+="$(h2load_sn "${port_of[nginx]}") "
    fi
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
echo
echo "row    server      median ±spread   / best other"
for row in W1s W1sn; do
    best=0 best_name=-
    for name in "${started[@]}"; do
        [ -n "${results[${row}_$name]:-}" ] || continue
        read -r value _ <<< "$(median_spread ${results[${row}_$name]})"
        if python3 -c "import sys; sys.exit(0 if float('$value') > float('$best') else 1)" 2> /dev/null; then
            best=$value best_name=$name
        fi
    done
    for name in hostbench "${started[@]}"; do
        [ -n "${results[${row}_$name]:-}" ] || continue
        read -r value spread <<< "$(median_spread ${results[${row}_$name]})"
        ratio=-
        [ "$name" = hostbench ] && ratio=$(python3 -c "print(f'{$value / $best:.2f}x $best_name')" 2> /dev/null || echo -)
        printf '%-6s %-10s %9s ±%-5s %s\n' "$row" "$name" "$value" "$spread" "$ratio"
    done
done
echo "(W1s: requests/s, keep-alive, wrk; W1sn: full handshakes/s, hostbench bench --tls-resume off)"
if [ -n "${port_of[nginx]:-}" ]; then
    read -r ours ours_spread <<< "$(median_spread ${results[gen_hostbench]})"
    read -r other other_spread <<< "$(median_spread ${results[gen_h2load]})"
    ratio=$(python3 -c "print(f'{$ours / $other:.2f}')" 2> /dev/null || echo -)
    echo
    printf 'gen: full handshakes/s against nginx: hostbench bench %s ±%s, h2load %s ±%s, ratio %s\n' \
        "$ours" "$ours_spread" "$other" "$other_spread" "$ratio"
fi
