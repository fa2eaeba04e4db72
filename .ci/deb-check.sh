#!/usr/bin/env bash
# Runs inside a brand-new Debian 12 root (see .ci/run): installs the .deb the
# way a user would, with apt-get pulling in its dependencies, then checks that
# both executables start and that the engine serves the default site.
#   usage: deb-check.sh PATH/hostbench_VERSION_ARCH.deb
set -euo pipefail
deb=$(readlink -f "$1")
version=$(dpkg-deb -f "$deb" Version)

apt-get update -qq
# curl is the check's own tool, not the package's.
apt-get install -y -qq "$deb" curl >/dev/null
echo "deb-check: installed hostbench $version with $(dpkg-query -W -f='${Depends}' hostbench)"

fail() {
    echo "deb-check: FAILED: $*" >&2
    exit 1
}

out=$(hostbench-cli --version)
[ "$out" = "hostbench-cli $version" ] || fail "hostbench-cli --version printed '$out'"
echo "deb-check: $out"

# No display here: --version must still work, and a plain start must say what to do.
out=$(env -u DISPLAY -u WAYLAND_DISPLAY hostbench --version)
[ "$out" = "hostbench $version" ] || fail "hostbench --version printed '$out'"
echo "deb-check: $out"
rc=0
err=$(env -u DISPLAY -u WAYLAND_DISPLAY hostbench 2>&1 >/dev/null) || rc=$?
[ "$rc" = 1 ] && grep -q "hostbench-cli serve" <<<"$err" || fail "hostbench without a display: exit $rc, '$err'"
echo "deb-check: hostbench without a display exits 1 and says: $(head -n 1 <<<"$err")"

# The packaged default site, served by the packaged engine on a free port.
wait_for_url() {
    local log=$1 pid=$2 url=""
    for _ in $(seq 1 100); do
        url=$(grep -o 'http://127\.0\.0\.1:[0-9]*/' "$log" | head -n 1 || true)
        [ -n "$url" ] && break
        kill -0 "$pid" 2>/dev/null || fail "exited early: $(cat "$log")"
        sleep 0.1
    done
    [ -n "$url" ] || fail "no URL after 10 s: $(cat "$log")"
    echo "$url"
}
data=$(mktemp -d)
# Started as root (as here), serve gives root up for --user; this check stays root.
as_root=()
[ "$(id -u)" = 0 ] && as_root=(--user root)
hostbench-cli serve --data-dir "$data/cli" --control off "${as_root[@]}" >"$data/serve.log" 2>&1 &
serve=$!
url=$(wait_for_url "$data/serve.log" $serve)
body=$(curl -fsS "$url")
grep -qi "hostbench" <<<"$body" || fail "$url answered '$body'"
echo "deb-check: hostbench-cli serve answered curl at $url ($(wc -c <<<"$body") bytes)"
kill -INT $serve
wait $serve || fail "hostbench-cli serve did not stop cleanly on SIGINT"

# The window, offscreen: the SQLite driver, Charts and the plugins load, the
# data folder is made and the engine serves the default site.
QT_QPA_PLATFORM=offscreen hostbench --data-dir "$data/gui" >"$data/gui.log" 2>&1 &
gui=$!
for _ in $(seq 1 100); do
    [ -f "$data/gui/hostbench.sqlite" ] && break
    kill -0 $gui 2>/dev/null || fail "hostbench (offscreen) exited: $(cat "$data/gui.log")"
    sleep 0.1
done
[ -f "$data/gui/hostbench.sqlite" ] || fail "hostbench (offscreen) made no database in 10 s"
# Its control API (127.0.0.1:8079) tells where its engine serves; status
# reads the API's token in the window's data folder.
url=""
for _ in $(seq 1 100); do
    url=$(hostbench-cli status --data-dir "$data/gui" 2>/dev/null | grep -o 'running at http://[^ ]*/' | cut -d' ' -f3 || true)
    [ -n "$url" ] && break
    sleep 0.1
done
code=$([ -n "$url" ] && curl -s -o /dev/null -w '%{http_code}' "$url" || true)
kill $gui
wait $gui 2>/dev/null || true
[ "$code" = 200 ] || fail "the window's engine did not answer (status '$url', HTTP '$code'): $(cat "$data/gui.log")"
echo "deb-check: hostbench (offscreen) opened $data/gui; hostbench-cli status found its engine at $url, which answered 200"
for f in /usr/share/doc/hostbench/copyright /usr/share/applications/org.hostbench.Hostbench.desktop \
    /usr/share/metainfo/org.hostbench.Hostbench.metainfo.xml; do
    [ -s "$f" ] || fail "$f is missing"
done
grep -q "GPL-3.0-or-later" /usr/share/doc/hostbench/copyright || fail "copyright names no GPL-3.0-or-later"
echo "deb-check: passed"
