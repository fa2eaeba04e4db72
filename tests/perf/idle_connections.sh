#!/usr/bin/env bash
# What idle keep-alive connections cost the engine: W6 (/ok, 2 bytes, -c 50
# -k, 5 s) with none open, then with IDLE connections held open at once
# (each sent one request and stays idle), then with none again; and whether
# the engine closes them all on its keep-alive timeout.
#
#   tests/perf/idle_connections.sh [BUILD_DIR]     env: IDLE=10000, KEEPALIVE_S=40, ROUNDS=3
#
# The engine runs with one worker on CPU 0, the stored keep-alive timeout set
# to KEEPALIVE_S and a connection cap above IDLE + 50; the generator and the
# idle clients share CPU 1. Each side is measured ROUNDS times (default 3)
# and compared by its median: on a shared 2-core machine one 5 s run of W6
# varies by up to 20% from the next. Prints each rate, the ratio of the
# medians, the open connections the engine counted, and when the idle ones
# were closed.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/../.."
BUILD=${1:-build}
CLI=$PWD/$BUILD/app/cli/hostbench-cli
IDLE=${IDLE:-10000}
KEEPALIVE_S=${KEEPALIVE_S:-40}
ROUNDS=${ROUNDS:-3}
WORK=$(mktemp -d /tmp/hostbench-idle.XXXXXX)
source tests/perf/lib.sh
set_cpu_pinning
ulimit -n $((IDLE + 4096)) 2>/dev/null || { echo "idle: cannot raise the open-file limit to $((IDLE + 4096))" >&2; exit 1; }

cleanup() {
    [ -n "${HOLDER:-}" ] && kill "$HOLDER" 2>/dev/null
    [ -n "${SERVE:-}" ] && kill "$SERVE" 2>/dev/null && wait "$SERVE" 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT

# The stored server settings are the way to a longer keep-alive and a higher cap.
"$CLI" runs --data-dir "$WORK/data" >/dev/null
python3 - "$WORK/data/hostbench.sqlite" "$KEEPALIVE_S" "$IDLE" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for key, value in (("server.keep_alive_timeout_ms", int(sys.argv[2]) * 1000),
                   ("server.max_connections_per_worker", int(sys.argv[3]) + 1000)):
    db.execute("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
               (key, str(value)))
# The stored default site's logs off, as the peers' are in the other scripts.
db.execute("UPDATE host_settings SET access_log_enabled = 0, error_log_enabled = 0")
db.commit()
PY
PORT=$(free_port)
CONTROL=$(free_port)
"${PIN_SERVER[@]}" "$CLI" serve "${SERVE_AS_ROOT[@]}" --data-dir "$WORK/data" --listen "127.0.0.1:$PORT" --threads 1 --route /ok=OK \
    --control "127.0.0.1:$CONTROL" >"$WORK/serve.log" 2>&1 &
SERVE=$!
wait_for_port "$PORT"
kill -0 "$SERVE" 2>/dev/null || { cat "$WORK/serve.log" >&2; exit 1; }
URL=http://127.0.0.1:$PORT/ok
open_connections() { curl -s "http://127.0.0.1:$CONTROL/metrics" | awk '$1 == "hostbench_open_connections" {print $2}'; }

w6() { # prints requests/s
    "${PIN_CLIENT[@]}" "$CLI" bench -c 50 -k -t 5 --no-store --json "$WORK/w6.json" "$URL" >/dev/null 2>&1
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print("%.0f %d" % (r["requests_per_second"], r["failed"]))' "$WORK/w6.json"
}

rounds() { # prints the rates of ROUNDS runs, then the sum of their failures
    local rates="" failures=0 rate failed
    for _ in $(seq "$ROUNDS"); do
        read -r rate failed < <(w6)
        rates="$rates${rates:+,}$rate"
        failures=$((failures + failed))
    done
    echo "$rates $failures"
}

read -r before failed_before < <(rounds)

# The idle clients: connect, one request each, read the answer, then wait
# for the engine to close; report when each closed (s after its answer).
"${PIN_CLIENT[@]}" python3 - "$PORT" "$IDLE" "$WORK" <<'PY' &
import os, selectors, socket, sys, time
port, count, work = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
request = b"GET /ok HTTP/1.1\r\nHost: idle.test\r\n\r\n"
sockets, answered = [], {}
for _ in range(count):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(request)
    sockets.append(s)
sel = selectors.DefaultSelector()
for s in sockets:
    sel.register(s, selectors.EVENT_READ)
closed, bad = [], 0
while len(closed) < count:
    events = sel.select(timeout=120)
    if not events:
        break
    for key, _ in events:
        s = key.fileobj
        data = s.recv(65536)
        now = time.monotonic()
        if data:
            if s not in answered:
                answered[s] = now
                if not data.startswith(b"HTTP/1.1 200"):
                    bad += 1
                if len(answered) == count:
                    open(os.path.join(work, "idle.ready"), "w").close()
        else:
            closed.append(now - answered.get(s, now))
            sel.unregister(s)
            s.close()
with open(os.path.join(work, "idle.result"), "w") as f:
    closed.sort()
    f.write(f"{len(answered)} {bad} {len(closed)} {closed[0] if closed else -1:.1f} {closed[-1] if closed else -1:.1f}\n")
PY
HOLDER=$!
for _ in $(seq 600); do [ -f "$WORK/idle.ready" ] && break; sleep 0.1; done
[ -f "$WORK/idle.ready" ] || { echo "idle: the $IDLE connections were not all answered in 60 s" >&2; exit 1; }
held=$(open_connections)
read -r during failed_during < <(rounds)
wait "$HOLDER"
HOLDER=""
read -r answered bad closed first last <"$WORK/idle.result"
read -r after failed_after < <(rounds)

python3 - "$before" "$during" "$after" "$IDLE" "$held" "$answered" "$bad" "$closed" "$first" "$last" \
    "$KEEPALIVE_S" "$failed_before" "$failed_during" "$failed_after" <<'PY'
import statistics, sys
before, during, after = ([float(x) for x in arg.split(",")] for arg in sys.argv[1:4])
idle, held, answered, bad, closed = map(int, sys.argv[4:9])
first, last, keepalive = float(sys.argv[9]), float(sys.argv[10]), int(sys.argv[11])
failed = list(map(int, sys.argv[12:15]))
def rates(values):
    return ", ".join(f"{v:.0f}" for v in values)
base = statistics.median(before + after)
held_rate = statistics.median(during)
cost = (1 - held_rate / base) * 100
print(f"W6 -c 50 -k, req/s: without idle connections {rates(before)}; with {idle} idle {rates(during)}; "
      f"without again {rates(after)}")
print(f"cost of {idle} idle connections: {cost:.1f}% of the W6 rate (median {held_rate:.0f} against {base:.0f}, "
      f"ratio {held_rate / base:.3f}); failed {failed}")
print(f"engine counted {held} open connections while they were held; {answered} answered 200 ({bad} not)")
print(f"closed by the engine: {closed} of {idle}, {first:.1f} to {last:.1f} s after their answer (keep-alive timeout {keepalive} s)")
ok = cost < 5 and closed == idle and bad == 0 and sum(failed) == 0 and keepalive - 1 <= first and last <= keepalive + 5
print("idle: " + ("PASS" if ok else "FAIL"))
sys.exit(0 if ok else 1)
PY
