#!/usr/bin/env bash
# SQLite killed mid-write, the window's side: the window (offscreen) takes
# site edits through its control API (`hostbench-cli sites edit`, which the
# window stores with the same storage code as its site dialog: SiteEdits in
# one transaction, then a reload) while it is killed with -9 at a random
# point, TIMES times. After each kill:
#   - the file opens and PRAGMA integrity_check says ok;
#   - the edited site is still there, once, with the aliases of one whole
#     edit (never half of one), and no edit the window had acknowledged is
#     lost: the stored edit is the last acknowledged one or the one after it
#     (in flight when killed);
#   - the other sites are untouched;
#   - the next window starts on the same data folder (the dead one's
#     instance lock and control endpoint are stale, not an obstacle).
#
#   tests/soak/kill9_gui.sh [TIMES] [BUILD_DIR]        (default 20, build/)
# Loopback only; the window runs with QT_QPA_PLATFORM=offscreen.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/../.."
TIMES=${1:-20}
BUILD=${2:-build}
[[ $BUILD = /* ]] || BUILD=$PWD/$BUILD
CLI=$BUILD/app/cli/hostbench-cli
GUI=$BUILD/app/gui/hostbench
WORK=$(mktemp -d /tmp/hostbench-kill9-gui.XXXXXX)
DATA=$WORK/data
export QT_QPA_PLATFORM=offscreen HOSTBENCH_DATA_DIR=$DATA

cleanup() {
    [ -n "${EDITS:-}" ] && kill "$EDITS" 2>/dev/null
    [ -n "${WINDOW:-}" ] && kill -9 "$WINDOW" 2>/dev/null
    wait 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

# Starts the window and waits (up to 20 s) until its control API answers.
start_window() {
    "$GUI" --data-dir "$DATA" >>"$WORK/window.log" 2>&1 &
    WINDOW=$!
    for _ in $(seq 200); do
        if "$CLI" status --data-dir "$DATA" >/dev/null 2>&1; then return 0; fi
        kill -0 "$WINDOW" 2>/dev/null || { echo "the window exited:"; tail -20 "$WORK/window.log"; return 1; }
        sleep 0.1
    done
    echo "the window's control API did not answer in 20 s"
    return 1
}

# Prints: integrity, number of sites, rows named blog.test, its aliases, other sites' aliases
check() {
    python3 - "$DATA/hostbench.sqlite" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
integrity = db.execute("PRAGMA integrity_check").fetchone()[0]
sites = db.execute("SELECT count(*) FROM virtual_hosts").fetchone()[0]
blog = db.execute("SELECT id FROM virtual_hosts WHERE host_name = 'blog.test'").fetchall()
aliases = ",".join(r[0] for r in db.execute(
    "SELECT alias FROM host_aliases WHERE host_id = ? ORDER BY position", (blog[0][0] if blog else -1,)))
others = ",".join(r[0] for r in db.execute(
    "SELECT alias FROM host_aliases JOIN virtual_hosts ON virtual_hosts.id = host_id "
    "WHERE host_name <> 'blog.test' ORDER BY alias"))
print(integrity, sites, len(blog), aliases or "-", others or "-")
PY
}

mkdir -p "$WORK/blog" "$WORK/shop"
start_window
"$CLI" sites add "blog.test,e0.blog.test,f0.blog.test=$WORK/blog" --data-dir "$DATA" >/dev/null
"$CLI" sites add "shop.test,www.shop.test=$WORK/shop" --data-dir "$DATA" >/dev/null
read -r _ sites_before _ _ others_before < <(check)

failures=0
acked=0 # the number of the last edit the window acknowledged
for i in $(seq "$TIMES"); do
    [ "$i" -gt 1 ] && { start_window || { failures=$((failures + 1)); break; }; }
    # Edits one after another; each acknowledged one is written down.
    : >"$WORK/acked"
    rm -f "$WORK/stop"
    (
        k=$acked
        while [ ! -f "$WORK/stop" ]; do
            k=$((k + 1))
            if "$CLI" sites edit blog.test --aliases "e$k.blog.test,f$k.blog.test" --data-dir "$DATA" >/dev/null 2>&1; then
                echo "$k" >>"$WORK/acked"
            fi
        done
    ) &
    EDITS=$!
    delay_ms=$((300 + RANDOM % 1700))
    sleep "$(printf '%d.%03d' $((delay_ms / 1000)) $((delay_ms % 1000)))"
    kill -9 "$WINDOW"
    wait "$WINDOW" 2>/dev/null || true
    WINDOW=
    # The edit under way ends (through the window's API, or else in the file
    # directly once the window is gone) before the file is checked.
    touch "$WORK/stop"
    wait "$EDITS" 2>/dev/null || true
    EDITS=
    last_acked=$(tail -1 "$WORK/acked" 2>/dev/null || true)
    [ -n "$last_acked" ] && acked=$last_acked
    read -r integrity sites blog_rows aliases others < <(check)
    stored=$(sed -n 's/^e\([0-9]*\)\.blog\.test,f\1\.blog\.test$/\1/p' <<<"$aliases")
    status=ok
    if [ "$integrity" != ok ] || [ "$sites" != "$sites_before" ] || [ "$blog_rows" != 1 ] ||
        [ "$others" != "$others_before" ] || [ -z "$stored" ] || [ "$stored" -lt "$acked" ] ||
        [ "$stored" -gt $((acked + 1)) ]; then
        status=FAILED
        failures=$((failures + 1))
    fi
    printf 'kill %2d at %4d ms: integrity %s, %d sites, blog.test aliases %s (edit %s stored, %s acknowledged): %s\n' \
        "$i" "$delay_ms" "$integrity" "$sites" "$aliases" "${stored:-?}" "$acked" "$status"
    acked=${stored:-$acked}
done
echo "kill9_gui: $TIMES kills of the window during site edits, $failures failed checks"
[ "$failures" = 0 ]
