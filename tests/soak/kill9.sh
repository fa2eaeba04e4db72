#!/usr/bin/env bash
# SQLite killed mid-write: `hostbench-cli bench` stores its run as it goes
# (one transaction per 100 ms interval); kill -9 it N times at random points
# of a run and check, each time, that the file opens, that PRAGMA
# integrity_check says ok, that every run stored before is still whole, and
# how many intervals of the killed run were lost.
#
#   tests/soak/kill9.sh [TIMES] [BUILD_DIR]        (default 20, build/)
#
# A killed run loses at most the interval it had not stored yet: its stored
# samples cover the run up to the kill less the interval under way (100 ms),
# the CLI's poll (25 ms) and its start before measuring (the reachability
# check, the folder, the connections): 250 ms in all at the most. Loopback only.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/../.."
TIMES=${1:-20}
BUILD=${2:-build}
CLI=$PWD/$BUILD/app/cli/hostbench-cli
WORK=$(mktemp -d /tmp/hostbench-kill9.XXXXXX)
source tests/perf/lib.sh
set_cpu_pinning

cleanup() {
    [ -n "${SERVE:-}" ] && kill "$SERVE" 2>/dev/null && wait "$SERVE" 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT

mkdir -p "$WORK/site"
PORT=$(free_port)
"${PIN_SERVER[@]}" "$CLI" serve "${SERVE_AS_ROOT[@]}" --listen "127.0.0.1:$PORT" --threads 1 --default "$WORK/site" --route /ok=OK \
    --access-log off --error-log off --control off >"$WORK/serve.log" 2>&1 &
SERVE=$!
wait_for_port "$PORT"
DB=$WORK/data/hostbench.sqlite

check() { # prints: integrity, runs, finished runs, samples of the newest run, its url
    python3 - "$DB" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
integrity = db.execute("PRAGMA integrity_check").fetchone()[0]
runs = db.execute("SELECT count(*) FROM runs").fetchone()[0]
finished = db.execute("SELECT count(*) FROM runs WHERE finished = 1").fetchone()[0]
newest = db.execute("SELECT id FROM runs ORDER BY id DESC LIMIT 1").fetchone()
samples = db.execute("SELECT count(*), coalesce(max(elapsed_ms), 0) FROM samples WHERE run_id = ?",
                     (newest[0] if newest else -1,)).fetchone()
print(integrity, runs, finished, samples[0], samples[1])
PY
}

# One whole run first: it must come through every kill untouched.
"${PIN_CLIENT[@]}" "$CLI" bench -t 1 -c 4 -k --data-dir "$WORK/data" "http://127.0.0.1:$PORT/ok" >/dev/null 2>&1
read -r _ _ _ whole_samples _ < <(check)

failures=0
lost=()
for i in $(seq "$TIMES"); do
    # Kill between 0.3 s and 2.8 s into a 5 s run, at 2,000 requests/s.
    delay_ms=$((300 + RANDOM % 2500))
    "${PIN_CLIENT[@]}" "$CLI" bench -t 5 -c 8 -k --rate 2000 --data-dir "$WORK/data" \
        "http://127.0.0.1:$PORT/ok" >/dev/null 2>&1 &
    bench=$!
    start=$(date +%s%N)
    sleep "$(printf '0.%03d' $((delay_ms % 1000)))"
    [ $delay_ms -ge 1000 ] && sleep $((delay_ms / 1000))
    kill -9 "$bench"
    killed_ms=$((($(date +%s%N) - start) / 1000000))
    wait "$bench" 2>/dev/null || true
    read -r integrity runs finished samples covered_ms < <(check)
    # What the run had measured when killed: from its start (the reachability
    # check and the folder take a few ms), less what was stored.
    missing_ms=$((killed_ms - covered_ms))
    lost+=("$missing_ms")
    status=ok
    if [ "$integrity" != ok ] || [ "$runs" != $((i + 1)) ] || [ "$finished" != 1 ] || [ "$missing_ms" -gt 250 ]; then
        status=FAILED
        failures=$((failures + 1))
    fi
    printf 'kill %2d at %4d ms: integrity %s, %d runs (%d whole), killed run %3d samples up to %4d ms: %s\n' \
        "$i" "$killed_ms" "$integrity" "$runs" "$finished" "$samples" "$covered_ms" "$status"
done
whole_after=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM samples WHERE run_id = (SELECT min(id) FROM runs)').fetchone()[0])" "$DB")
[ "$whole_after" = "$whole_samples" ] || { echo "the whole run lost samples: $whole_samples -> $whole_after"; failures=$((failures + 1)); }
sorted=$(printf '%s\n' "${lost[@]}" | sort -n | tr '\n' ' ')
echo "kill9: $TIMES kills, $failures failed checks; time not covered by stored samples at the kill (ms, sorted): $sorted"
echo "kill9: the whole run kept its $whole_samples samples"
[ "$failures" = 0 ]
