#!/usr/bin/env bash
# Issue #3: a 128 MB file to 4 concurrent clients must keep the engine under
# 64 MB resident. Serves a temporary document root with `hostbench-cli serve`,
# starts 4 curl downloads at once, samples VmRSS every 0.2 s and reads VmHWM
# (the peak) at the end; checks every download's size. Exit 1 when the peak
# passes the limit or a download is short.
# Usage: tests/perf/static_memory.sh [path/to/hostbench-cli] [size_mb] [limit_mb]
set -euo pipefail
CLI=${1:-build/app/cli/hostbench-cli}
SIZE_MB=${2:-128}
LIMIT_MB=${3:-64}
PORT=${PORT:-18471}
WORK=$(mktemp -d)
trap 'kill "$SERVER" 2>/dev/null || true; rm -rf "$WORK"' EXIT

mkdir "$WORK/root"
head -c $((SIZE_MB * 1024 * 1024)) /dev/urandom > "$WORK/root/big.bin"
setsid "$CLI" serve $([ "$(id -u)" = 0 ] && echo --user root) --listen "127.0.0.1:$PORT" --threads 2 --control off --default "$WORK/root" \
    > "$WORK/serve.log" 2>&1 &
SERVER=$!
for _ in $(seq 50); do
    curl -s -o /dev/null "http://127.0.0.1:$PORT/" && break || sleep 0.2
done
echo "before: $(grep -E 'VmRSS' /proc/$SERVER/status)"
PIDS=()
for i in 1 2 3 4; do
    # --limit-rate keeps the downloads overlapping on a fast machine.
    curl -s --limit-rate 64M -o "$WORK/out$i" "http://127.0.0.1:$PORT/big.bin" &
    PIDS+=($!)
done
MAX_RSS=0
while kill -0 "${PIDS[@]}" 2>/dev/null; do
    RSS=$(awk '/VmRSS/ {print $2}' /proc/$SERVER/status)
    (( RSS > MAX_RSS )) && MAX_RSS=$RSS
    sleep 0.2
done
wait "${PIDS[@]}" || true
HWM=$(awk '/VmHWM/ {print $2}' /proc/$SERVER/status)
STATUS=0
for i in 1 2 3 4; do
    GOT=$(stat -c %s "$WORK/out$i")
    if [[ $GOT -ne $((SIZE_MB * 1024 * 1024)) ]]; then
        echo "download $i: $GOT bytes (short)"
        STATUS=1
    fi
done
echo "4 x ${SIZE_MB} MB: max sampled VmRSS $((MAX_RSS / 1024)) MB, VmHWM $((HWM / 1024)) MB (limit ${LIMIT_MB} MB)"
(( HWM / 1024 < LIMIT_MB )) || STATUS=1
exit $STATUS
