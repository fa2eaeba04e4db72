# Shared by the perf scripts (sourced, not run): a free port, nginx answering
# "OK" on /ok, the CPU pinning of server and generator, waiting for a port.
# The caller sets `set -euo pipefail` and owns $WORK (removed on exit).

# Prints a TCP port that is free on 127.0.0.1 now.
# A port outside the kernel's ephemeral range (ip_local_port_range), free
# now: a port the kernel picks with bind(0) is an ephemeral one, which the
# load generators' own connections may take as their source port before
# the server binds it (EADDRINUSE midway through a run).
free_port() {
    python3 -c '
import random, socket
low, high = (int(x) for x in open("/proc/sys/net/ipv4/ip_local_port_range").read().split())
ranges = [r for r in ((10000, low), (high + 1, 65536)) if r[1] - r[0] > 100]
for _ in range(1000):
    port = random.randrange(*random.choice(ranges))
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", port))
    except OSError:
        continue
    print(port)
    break
else:
    raise SystemExit("no free port outside the ephemeral range")
'
}

# Writes $WORK/nginx.conf: one worker, access log off, `location = /ok`
# answering the 2 bytes "OK" on 127.0.0.1:PORT, up to KEEPALIVE_REQUESTS
# requests per connection. Its logs, pid and temporary folders stay in $WORK.
write_nginx_ok_conf() { # PORT KEEPALIVE_REQUESTS
    mkdir -p "$WORK/logs"
    cat > "$WORK/nginx.conf" <<NGX
worker_processes 1;
daemon on;
error_log $WORK/logs/error.log warn;
pid $WORK/nginx.pid;
events { worker_connections 4096; }
http {
    access_log off;
    keepalive_requests $2;
    client_body_temp_path $WORK/body;
    proxy_temp_path $WORK/proxy;
    fastcgi_temp_path $WORK/fastcgi;
    uwsgi_temp_path $WORK/uwsgi;
    scgi_temp_path $WORK/scgi;
    server {
        listen 127.0.0.1:$1;
        location = /ok { default_type text/plain; return 200 "OK"; }
    }
}
NGX
}

# Sets the command prefixes PIN_SERVER (CPU 0) and PIN_CLIENT (CPU 1) when
# the machine has two or more cores and taskset is there; empty otherwise.
set_cpu_pinning() {
    PIN_SERVER=() PIN_CLIENT=()
    if [ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null; then PIN_SERVER=(taskset -c 0); PIN_CLIENT=(taskset -c 1); fi
}

# Waits up to TIMEOUT seconds (default 10) for something to accept
# connections on 127.0.0.1:PORT; returns 1, saying so on stderr, when
# nothing did by then (under `set -e` the caller stops there).
wait_for_port() { # PORT [TIMEOUT]
    local port=$1 timeout=${2:-10} _
    for _ in $(seq $((timeout * 10))); do
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && return 0
        sleep 0.1
    done
    echo "wait_for_port: nothing accepts connections on 127.0.0.1:$port after ${timeout} s" >&2
    return 1
}

# Started as root, `hostbench-cli serve` gives root up unless told to stay
# (--user root): these scripts serve as whoever runs them, as before.
SERVE_AS_ROOT=()
if [ "$(id -u)" = 0 ]; then SERVE_AS_ROOT=(--user root); fi
