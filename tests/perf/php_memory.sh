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

STATUS=0
UPLOAD_MD5=$(md5sum < "$WORK/upload.bin" | cut -d' ' -f1)
PIDS=()
for i in $(seq "$CLIENTS"); do
    curl -s -o "$WORK/out/up$i" -F "f=@$WORK/upload.bin" "http://127.0.0.1:$PORT/upload.php" &
    PIDS+=($!)
done
MAX=$(sample_while "${PIDS[@]}")
wait "${PIDS[@]}" || true
UP_HWM=$(hwm)
for i in $(seq "$CLIENTS"); do
    if [ "$(cat "$WORK/out/up$i")" != "$((UPLOAD_MB * 1024 * 1024)) $UPLOAD_MD5" ]; then
        echo "upload $i: PHP answered \"$(head -c 200 "$WORK/out/up$i")\""
        STATUS=1
    fi
done
echo "$CLIENTS x ${UPLOAD_MB} MiB multipart uploads: max sampled VmRSS $((MAX / 1024)) MB, VmHWM $((UP_HWM / 1024)) MB (limit ${LIMIT_MB} MB)"
(( UP_HWM / 1024 < LIMIT_MB )) || STATUS=1

# The same body chunked (curl -T with Transfer-Encoding: chunked): spooled to a
# temporary file first, since PHP-FPM reads no body without a length.
PIDS=()
for i in $(seq "$CLIENTS"); do
    curl -s -o "$WORK/out/chunked$i" -H "Transfer-Encoding: chunked" -T "$WORK/upload.bin" \
        "http://127.0.0.1:$PORT/input.php" &
    PIDS+=($!)
done
MAX=$(sample_while "${PIDS[@]}")
wait "${PIDS[@]}" || true
CHUNKED_HWM=$(hwm)
for i in $(seq "$CLIENTS"); do
    if [ "$(cat "$WORK/out/chunked$i")" != "$((UPLOAD_MB * 1024 * 1024)) $UPLOAD_MD5" ]; then
        echo "chunked upload $i: PHP answered \"$(head -c 200 "$WORK/out/chunked$i")\""
        STATUS=1
    fi
done
echo "$CLIENTS x ${UPLOAD_MB} MiB chunked uploads (spooled): max sampled VmRSS $((MAX / 1024)) MB, VmHWM $((CHUNKED_HWM / 1024)) MB (limit ${LIMIT_MB} MB)"
(( CHUNKED_HWM / 1024 < LIMIT_MB )) || STATUS=1

BIG_MD5=$(md5sum < "$WORK/big.bin" | cut -d' ' -f1)
PIDS=()
for i in $(seq "$CLIENTS"); do
    curl -s --limit-rate 64M -o "$WORK/out/down$i" "http://127.0.0.1:$PORT/download.php" &
    PIDS+=($!)
done
MAX=$(sample_while "${PIDS[@]}")
wait "${PIDS[@]}" || true
DOWN_HWM=$(hwm)
for i in $(seq "$CLIENTS"); do
    if [ "$(md5sum < "$WORK/out/down$i" | cut -d' ' -f1)" != "$BIG_MD5" ]; then
        echo "download $i: $(stat -c %s "$WORK/out/down$i") bytes, not the file"
        STATUS=1
    fi
done
echo "$CLIENTS x ${DOWNLOAD_MB} MiB readfile() downloads: max sampled VmRSS $((MAX / 1024)) MB, VmHWM $((DOWN_HWM / 1024)) MB (limit ${LIMIT_MB} MB)"
(( DOWN_HWM / 1024 < LIMIT_MB )) || STATUS=1
[ $STATUS -eq 0 ] || { echo "serve's log:"; tail -20 "$WORK/serve.log"; }
exit $STATUS
