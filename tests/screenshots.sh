#!/usr/bin/env bash
# Makes the README's screenshots (docs/screenshots/*.png) again from the GUI
# tests: builds them, runs each with HOSTBENCH_SCREENSHOTS set (see
# tests/ui/Screenshots.h) on the offscreen platform, the window at 1024x700
# where it is shown whole, and copies the pictures the README shows. The
# tests' assertions still hold: a failing test stops the script.
#
#   tests/screenshots.sh [BUILD_DIR]
#   BUILD_DIR defaults to build (configured already: cmake -B build).
#   env: OUT=DIR writes there instead of docs/screenshots.
# Offscreen, not under xvfb-run: the fonts are the same (fontconfig's), and
# without a window manager Xvfb gives no window the focus, which some of
# these tests check (tst_sitedialog::advancedSettings fails there).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
OUT=${OUT:-docs/screenshots}
[ -d "$BUILD" ] || { echo "no $BUILD: configure it first (cmake -B $BUILD)" >&2; exit 1; }

# Test binary, then the pictures of it that the README shows.
TESTS=(
    "tst_enginecharts server-page benchmark-page"
    "tst_mainwindow runs-compare port-conflict"
    "tst_trayicon tray-serving"
    "tst_logspage logs-page"
    "tst_sitedialog site-dialog"
)
targets=()
for entry in "${TESTS[@]}"; do targets+=("${entry%% *}"); done
cmake --build "$BUILD" --target "${targets[@]}"

shots=$(mktemp -d)
trap 'rm -rf "$shots"' EXIT
mkdir -p "$OUT"
for entry in "${TESTS[@]}"; do
    read -r test names <<<"$entry"
    echo "== $test"
    HOSTBENCH_SCREENSHOTS=$shots QT_QPA_PLATFORM=offscreen "$BUILD/tests/ui/$test" -silent
    for name in $names; do
        [ -f "$shots/$name.png" ] || { echo "$test saved no $name.png" >&2; exit 1; }
        cp "$shots/$name.png" "$OUT/$name.png"
        echo "$OUT/$name.png: $(stat -c %s "$OUT/$name.png") bytes"
    done
done
