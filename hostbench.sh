#!/usr/bin/env bash
# Hostbench on a fresh Debian 12 machine: installs what is missing with
# apt-get, configures and builds into build/, then
#   ./hostbench.sh [ARGS...]   starts the GUI on the embedded default (a default
#                              site on a free local port, a SQLite file in the
#                              user's data folder); with no display it runs
#                              `hostbench-cli serve` on the default site instead
#   ./hostbench.sh test        runs the whole test suite (ctest, one test per core)
#   ./hostbench.sh build       builds only
#   ./hostbench.sh package     builds build/hostbench_VERSION_ARCH.deb (CPack);
#                              install it with apt-get install ./build/hostbench_*.deb
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")"

BUILD_DIR=${HOSTBENCH_BUILD_DIR:-build}
# Extra configure options, e.g. HOSTBENCH_CMAKE_ARGS="-DCMAKE_COMPILE_WARNING_AS_ERROR=ON".
read -ra CMAKE_ARGS <<<"${HOSTBENCH_CMAKE_ARGS:-}"
PACKAGES=(
    cmake ninja-build g++ pkgconf
    qt6-base-dev qt6-httpserver-dev qt6-websockets-dev libqt6sql6-sqlite
    # Qt6Charts' CMake files need Qt6OpenGL's, which qt6-base-dev only recommends.
    qt6-charts-dev libqt6opengl6-dev
    qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libgl-dev libqt6svg6
    # Qt's own texts (file dialogs, standard buttons) in the chosen language.
    qt6-translations-l10n
    libboost1.81-dev
    # HTTPS (issue #26): TLS in the engine and the load generator, the local CA.
    libssl-dev
    # PHP sites (issue #25): the PHP-FPM pool Hostbench runs for "auto", and PDO SQLite.
    php8.2-fpm php8.2-sqlite3
    # HTTP/2 (issue #27): nghttp2's sessions in the engine and the load generator.
    libnghttp2-dev
)
# Only for `./hostbench.sh test`: the black-box conformance test compares the
# engine with nginx (run on its own temporary prefix and port), in Python;
# tst_systemdunit checks the user unit with systemd-analyze (package systemd);
# tst_exportroundtrip runs nginx, lighttpd, apache2, caddy and h2o on exported
# configurations (as root and as nobody, under a temporary prefix; installing
# them starts no service in a chroot); tst_cli checks the k6 script's syntax
# with Debian's nodejs.
# tst_tls checks the TLS listener with real clients: curl and openssl s_client;
# the export's TLS listeners (tst_configwriter, tst_exportroundtrip) need
# lighttpd's mod_openssl (lighttpd-mod-openssl);
# tst_tlsbrowser loads a site in headless Chromium with the local CA put in its
# NSS database by certutil (libnss3-tools); tst_reportbrowser opens the HTML
# report of a run (runs export --html) in it and looks at its screenshot.
# tst_http2 fetches over HTTP/2 (issue #27) with curl and nghttp (nghttp2-client).
TEST_PACKAGES=(nginx-light python3 systemd lighttpd lighttpd-mod-openssl apache2 caddy h2o nodejs curl openssl chromium
    libnss3-tools nghttp2-client)

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

# tst_controlapi checks a scrape of /metrics with promtool. Debian ships it
# only inside the package prometheus, whose install would also enable and
# start a Prometheus server: the one binary is unpacked into the build folder
# instead, never installed. Without it that test is skipped, and says so.
fetch_promtool() {
    command -v promtool >/dev/null && return 0
    local dir="$BUILD_DIR/tools"
    [ -x "$dir/usr/bin/promtool" ] && return 0
    mkdir -p "$dir"
    rm -f "$dir"/prometheus_*.deb
    if ! (cd "$dir" && apt-get download prometheus >/dev/null 2>&1); then
        echo "hostbench.sh: could not download the package prometheus for promtool (apt-get update?); tst_controlapi skips its check" >&2
        return 0
    fi
    dpkg-deb --fsys-tarfile "$dir"/prometheus_*.deb | tar -x -C "$dir" ./usr/bin/promtool
    rm -f "$dir"/prometheus_*.deb
}

build() {
    install_missing "${PACKAGES[@]}"
    # Configure again unless the last configure finished: a failed one (a
    # package was missing) leaves CMakeCache.txt without build.ninja, or an old
    # build.ninja beside a cache that no longer describes it.
    local stamp="$BUILD_DIR/.hostbench-configured"
    if [ ! -f "$stamp" ] || [ ! -f "$BUILD_DIR/build.ninja" ]; then
        rm -f "$stamp"
        cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "${CMAKE_ARGS[@]}"
        touch "$stamp"
    fi
    cmake --build "$BUILD_DIR" --parallel "$(nproc)"
}

case "${1:-}" in
test)
    shift
    install_missing "${TEST_PACKAGES[@]}"
    build
    fetch_promtool
    # The GUI tests run offscreen; the engine tests listen on 127.0.0.1 only.
    PATH="$(cd "$BUILD_DIR" && pwd)/tools/usr/bin:$PATH" QT_QPA_PLATFORM=offscreen \
        ctest --test-dir "$BUILD_DIR" --output-on-failure --parallel "$(nproc)" "$@"
    ;;
build)
    build
    ;;
package)
    build
    cmake --build "$BUILD_DIR" --target package
    ;;
*)
    build
    if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
        exec "$BUILD_DIR/app/gui/hostbench" "$@"
    fi
    echo "hostbench.sh: no display (DISPLAY and WAYLAND_DISPLAY are unset): serving the default site with hostbench-cli instead; Ctrl+C stops it." >&2
    # serve run as root gives root up (--user NAME, else $SUDO_USER) or
    # refuses; a root login without sudo (a fresh container, say) has only
    # root, and its data folder is root's: it stays root, and says so.
    if [ "$(id -u)" -eq 0 ] && [ -z "${SUDO_USER:-}" ] && [[ " $* " != *" --user "* ]]; then
        echo "hostbench.sh: running as root with no other user (no sudo): serve keeps root (--user root); pass --user NAME to give it up." >&2
        set -- --user root "$@"
    fi
    exec "$BUILD_DIR/app/cli/hostbench-cli" serve "$@"
    ;;
esac
