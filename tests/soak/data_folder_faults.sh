#!/usr/bin/env bash
# The data folder where disks misbehave: full (a small tmpfs), read-only (the
# same tmpfs remounted), and on a path with spaces and non-ASCII letters.
# Each must give a clear error (or work), and lose nothing already stored.
# Needs root (mount); loopback only.
#
#   tests/soak/data_folder_faults.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/../.."
BUILD=${1:-build}
CLI=$PWD/$BUILD/app/cli/hostbench-cli
[ "$(id -u)" -eq 0 ] || { echo "data_folder_faults: needs root (mount)" >&2; exit 1; }
WORK=$(mktemp -d /tmp/hostbench-faults.XXXXXX)
source tests/perf/lib.sh
MNT=$WORK/mnt

cleanup() {
    [ -n "${SERVE:-}" ] && kill "$SERVE" 2>/dev/null && wait "$SERVE" 2>/dev/null
    mountpoint -q "$MNT" && umount "$MNT"
    rm -rf "$WORK"
}
trap cleanup EXIT

mkdir -p "$WORK/site" "$MNT"
PORT=$(free_port)
"$CLI" serve "${SERVE_AS_ROOT[@]}" --listen "127.0.0.1:$PORT" --threads 1 --default "$WORK/site" --route /ok=OK --access-log off \
    --error-log off --control off >"$WORK/serve.log" 2>&1 &
SERVE=$!
wait_for_port "$PORT"
URL=http://127.0.0.1:$PORT/ok
failures=0
expect() { # NAME RC_WANTED RC OUTPUT PATTERN
    if [ "$2" = "$3" ] && grep -q -- "$5" <<<"$4"; then
        echo "ok:     $1 (exit $3): $(grep -m1 -- "$5" <<<"$4")"
    else
        echo "FAILED: $1: exit $3 (wanted $2), output: $4"
        failures=$((failures + 1))
    fi
}
runs_stored() { python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM runs WHERE finished = 1").fetchone()[0])' "$1"; }
integrity() { python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("PRAGMA integrity_check").fetchone()[0])' "$1"; }

# 1. A path with spaces and non-ASCII letters: works like any other.
odd="$WORK/Données de test/ñandú ü"
out=$("$CLI" bench -n 200 -c 2 -k --data-dir "$odd" "$URL" 2>&1) && rc=0 || rc=$?
expect "path with spaces and non-ASCII letters" 0 $rc "$out" "Stored as run 1"
out=$("$CLI" runs --data-dir "$odd" 2>&1) && rc=0 || rc=$?
expect "runs lists it" 0 $rc "$out" "$URL"

# 2. A full disk: 2 MiB of tmpfs, one run stored, then filled to the brim.
mount -t tmpfs -o size=2m tmpfs "$MNT"
out=$("$CLI" bench -n 200 -c 2 -k --data-dir "$MNT/data" "$URL" 2>&1) && rc=0 || rc=$?
expect "first run on the small disk" 0 $rc "$out" "Stored as run 1"
# Nearly full: the folder opens, and the disk fills while the run stores its samples.
avail=$(df --output=avail -B1 "$MNT" | tail -n 1)
dd if=/dev/zero of="$MNT/filler" bs=4096 count=$(((avail - 98304) / 4096)) 2>/dev/null || true
out=$("$CLI" bench -t 3 -c 2 -k --data-dir "$MNT/data" "$URL" 2>&1) && rc=0 || rc=$?
expect "a run that fills the disk" 1 $rc "$out" "full"
# Full: the folder does not even open.
dd if=/dev/zero of="$MNT/filler2" bs=4096 2>/dev/null || true
out=$("$CLI" bench -t 1 -c 2 -k --data-dir "$MNT/data" "$URL" 2>&1) && rc=0 || rc=$?
expect "a run on a full disk" 1 $rc "$out" "the disk is full"
rm -f "$MNT/filler" "$MNT/filler2"
expect "the first run is still whole" 1 "$(runs_stored "$MNT/data/hostbench.sqlite")" "x" "x"
expect "integrity after the full disk" ok "$(integrity "$MNT/data/hostbench.sqlite")" "x" "x"

# 3. Read-only: the same folder, remounted.
mount -o remount,ro "$MNT"
out=$("$CLI" bench -n 10 --data-dir "$MNT/data" "$URL" 2>&1) && rc=0 || rc=$?
expect "a run on a read-only folder" 1 $rc "$out" "--no-store"
# Reading needs to write too (WAL's shared-memory file beside the database):
# a clear error, not "damaged".
out=$("$CLI" runs --data-dir "$MNT/data" 2>&1) && rc=0 || rc=$?
expect "runs on a read-only folder" 1 $rc "$out" "its folder is read-only"
mount -o remount,rw "$MNT"
expect "the first run is still whole" 1 "$(runs_stored "$MNT/data/hostbench.sqlite")" "x" "x"
echo "data_folder_faults: $failures failed"
[ "$failures" = 0 ]
