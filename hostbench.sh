#!/usr/bin/env bash
# Hostbench on a fresh Debian 12 machine: installs what is missing with
# apt-get, configures and builds into build/, then
#   ./hostbench.sh [ARGS...]   starts the GUI on the embedded default (a default
#                              site on a free local port, a SQLite file in the
#                              user's data folder); with no display it runs
#                              `hostbench-cli serve` on the default site instead
#   ./hostbench.sh test        runs the whole test suite (ctest)
#   ./hostbench.sh build       builds only
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")"

BUILD_DIR=${HOSTBENCH_BUILD_DIR:-build}
PACKAGES=(
    cmake ninja-build g++ pkgconf
    qt6-base-dev qt6-httpserver-dev qt6-websockets-dev qt6-charts-dev libqt6sql6-sqlite
    qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libgl-dev libqt6svg6
    libboost1.81-dev
)
# Only for `./hostbench.sh test`: the black-box conformance test compares the
# engine with nginx (run on its own temporary prefix and port), in Python.
TEST_PACKAGES=(nginx-light python3)

install_missing() {
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "hostbench.sh: installing ${missing[*]}" >&2
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { echo "hostbench.sh: run as root or install sudo: apt-get install ${missing[*]}" >&2; exit 1; }
        sudo=(sudo)
    fi
    "${sudo[@]}" apt-get update
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
}

build() {
    install_missing "${PACKAGES[@]}"
    if [ ! -f "$BUILD_DIR/CMakeCache.txt" ]; then
        cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
    fi
    cmake --build "$BUILD_DIR" --parallel "$(nproc)"
}

case "${1:-}" in
test)
    shift
    install_missing "${TEST_PACKAGES[@]}"
    build
    # The GUI tests run offscreen; the engine tests listen on 127.0.0.1 only.
    QT_QPA_PLATFORM=offscreen ctest --test-dir "$BUILD_DIR" --output-on-failure "$@"
    ;;
build)
    build
    ;;
*)
    build
    if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
        exec "$BUILD_DIR/app/gui/hostbench" "$@"
    fi
    echo "hostbench.sh: no display (DISPLAY and WAYLAND_DISPLAY are unset): serving the default site with hostbench-cli instead; Ctrl+C stops it." >&2
    exec "$BUILD_DIR/app/cli/hostbench-cli" serve "$@"
    ;;
esac
