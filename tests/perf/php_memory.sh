#!/usr/bin/env bash
# Issue #25's memory target: a 20 MiB multipart upload and a 128 MiB PHP
# download (readfile) keep the engine under 64 MB resident. One PHP site on
# Hostbench's own PHP-FPM pool (`--php auto`) in a temporary data folder,
# served by `hostbench-cli serve`; CLIENTS uploads at once (curl -F), the
# same bodies chunked (spooled by the engine), then CLIENTS downloads at
# once (curl --limit-rate, so that they overlap). The
# engine's VmRSS is sampled every 0.1 s and its VmHWM (the peak) read after
# each phase; PHP-FPM's own memory is not the engine's and is not counted.
# Every upload's size and MD5 (as PHP saw them) and every download's size
# and MD5 are checked. Exit 1 when a peak passes the limit or a transfer is wrong.
# Usage: tests/perf/php_memory.sh [path/to/hostbench-cli]
#   UPLOAD_MB (20), DOWNLOAD_MB (128), CLIENTS (4), LIMIT_MB (64)
set -euo pipefail
CLI=$(readlink -f "${1:-build/app/cli/hostbench-cli}")
UPLOAD_MB=${UPLOAD_MB:-20}
DOWNLOAD_MB=${DOWNLOAD_MB:-128}
CLIENTS=${CLIENTS:-4}
LIMIT_MB=${LIMIT_MB:-64}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
SERVER=""
trap '[ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null; wait 2>/dev/null; rm -rf "$WORK"' EXIT
# shellcheck source=lib.sh
source "$HERE/lib.sh"
PORT=$(free_port)

mkdir -p "$WORK/root" "$WORK/data" "$WORK/out"
chmod 755 "$WORK" "$WORK/root"
cat > "$WORK/root/upload.php" <<'PHP'
<?php
$f = $_FILES['f'] ?? null;
if (!$f || $f['error'] !== UPLOAD_ERR_OK) {
    http_response_code(400);
    echo 'upload error ', $f['error'] ?? 'no file';
    exit;
}
echo $f['size'], ' ', md5_file($f['tmp_name']);
PHP
cat > "$WORK/root/input.php" <<'PHP'
<?php
$in = fopen('php://input', 'rb');
$md5 = hash_init('md5');
$size = 0;
while (!feof($in)) {
    $piece = fread($in, 65536);
    $size += strlen($piece);
    hash_update($md5, $piece);
}
echo $size, ' ', hash_final($md5);
PHP
cat > "$WORK/root/download.php" <<'PHP'
<?php
$path = dirname(__DIR__) . '/big.bin';
header('Content-Type: application/octet-stream');
header('Content-Length: ' . filesize($path));
readfile($path);
PHP
head -c $((UPLOAD_MB * 1024 * 1024)) /dev/urandom > "$WORK/upload.bin"
head -c $((DOWNLOAD_MB * 1024 * 1024)) /dev/urandom > "$WORK/big.bin"
chmod 644 "$WORK/big.bin"

# The site: PHP on the data folder's own pool, a body limit above the upload
# (the default is 1 MiB, as nginx's client_max_body_size).
"$CLI" sites add "php.test=$WORK/root" --php auto --data-dir "$WORK/data" >/dev/null
"$CLI" sites edit php.test --default --data-dir "$WORK/data" >/dev/null
python3 - "$WORK/data/hostbench.sqlite" $(((UPLOAD_MB + 1) * 1024 * 1024)) <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
host = db.execute("SELECT id FROM virtual_hosts WHERE host_name = 'php.test'").fetchone()[0]
if db.execute("UPDATE host_settings SET max_body_bytes = ? WHERE host_id = ?", (int(sys.argv[2]), host)).rowcount != 1:
    sys.exit("php.test has no host_settings row")
db.commit()
PY

setsid "$CLI" serve "${SERVE_AS_ROOT[@]}" --data-dir "$WORK/data" --listen "127.0.0.1:$PORT" --threads 2 \
    --control off > "$WORK/serve.log" 2>&1 &
SERVER=$!
for _ in $(seq 100); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/upload.php" || true)" = 400 ] && break
    sleep 0.2
done
echo "engine before: $(awk '/VmRSS/ {print $2 / 1024 " MB"}' /proc/$SERVER/status) resident"

# Samples the engine's VmRSS while the given PIDs run; prints the largest (KiB).
sample_while() {
    local max=0 rss
    while kill -0 "$@" 2>/dev/null; do
        rss=$(awk '/VmRSS/ {print $2}' /proc/$SERVER/status)
        (( rss > max )) && max=$rss
        sleep 0.1
    done
    echo "$max"
}
hwm() { awk '/VmHWM/ {print $2}' /proc/$SERVER/status; }

# One phase: CLIENTS at once of `curl -s -o OUT ARGS...` (OUT: $WORK/out/NAME<i>),
# the engine's VmRSS sampled while they run, then each answer checked: its
# text (an upload's "SIZE MD5" as PHP saw it) or, with EXPECTED "md5:X", its
# MD5 (a download). Prints the peaks; sets STATUS=1 on a wrong answer or a peak
# past the limit.
# Usage: phase LABEL NAME EXPECTED CURL_ARGS...
STATUS=0
phase() {
    local label=$1 name=$2 expected=$3
    shift 3
    local pids=() i got max peak
    for i in $(seq "$CLIENTS"); do
        curl -s -o "$WORK/out/$name$i" "$@" &
        pids+=($!)
    done
    max=$(sample_while "${pids[@]}")
    wait "${pids[@]}" || true
    peak=$(hwm)
    for i in $(seq "$CLIENTS"); do
        if [[ $expected == md5:* ]]; then
            got="md5:$(md5sum < "$WORK/out/$name$i" | cut -d' ' -f1)"
        else
            got=$(cat "$WORK/out/$name$i")
        fi
        if [ "$got" != "$expected" ]; then
            echo "$label, client $i: \"$(head -c 200 <<< "$got")\" ($(stat -c %s "$WORK/out/$name$i") bytes)"
            STATUS=1
        fi
    done
    echo "$CLIENTS x $label: max sampled VmRSS $((max / 1024)) MB, VmHWM $((peak / 1024)) MB (limit ${LIMIT_MB} MB)"
    (( peak / 1024 < LIMIT_MB )) || STATUS=1
}

UPLOADED="$((UPLOAD_MB * 1024 * 1024)) $(md5sum < "$WORK/upload.bin" | cut -d' ' -f1)"
phase "${UPLOAD_MB} MiB multipart uploads" up "$UPLOADED" -F "f=@$WORK/upload.bin" \
    "http://127.0.0.1:$PORT/upload.php"
# The same body chunked (curl -T with Transfer-Encoding: chunked): spooled to a
# temporary file first, since PHP-FPM reads no body without a length.
phase "${UPLOAD_MB} MiB chunked uploads (spooled)" chunked "$UPLOADED" -H "Transfer-Encoding: chunked" \
    -T "$WORK/upload.bin" "http://127.0.0.1:$PORT/input.php"
phase "${DOWNLOAD_MB} MiB readfile() downloads" down "md5:$(md5sum < "$WORK/big.bin" | cut -d' ' -f1)" \
    --limit-rate 64M "http://127.0.0.1:$PORT/download.php"
[ $STATUS -eq 0 ] || { echo "serve's log:"; tail -20 "$WORK/serve.log"; }
exit $STATUS
