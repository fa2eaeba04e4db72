#!/usr/bin/env bash
# Brand-new Debian 12 roots for CI: the machine CI runs on keeps every package
# a session ever installed, so a missing install step only shows on a new one.
#
# Sourced by .ci/run. Needs root (mmdebstrap, mount, chroot) and Debian's
# package registry; nothing else from outside.
#
#   fresh_base TARBALL        bootstrap a minimal bookworm (apt, git,
#                             ca-certificates) into TARBALL, once
#   fresh_root TARBALL DIR    unpack it into DIR and bind /proc /sys /dev there
#   fresh_run DIR CMD...      run CMD in DIR with a clean environment
#   fresh_cleanup             unmount every root made (also on exit)

FRESH_MOUNTS=()

fresh_base() {
    local tarball=$1
    [ -s "$tarball" ] && return 0
    command -v mmdebstrap >/dev/null || {
        echo "fresh-root: installing mmdebstrap" >&2
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends mmdebstrap >/dev/null
    }
    # The registry may be a dated snapshot: its Release files must not expire
    # inside the root either. policy-rc.d keeps packages' maintainer scripts
    # from starting services (nginx on port 80) in a root without an init.
    mmdebstrap --quiet --variant=apt --include=git,ca-certificates \
        --aptopt='Acquire::Check-Valid-Until "false"' \
        --customize-hook='printf "#!/bin/sh\nexit 101\n" >"$1/usr/sbin/policy-rc.d"; chmod 755 "$1/usr/sbin/policy-rc.d"' \
        bookworm "$tarball" >&2
}

fresh_root() {
    local tarball=$1 root=$2
    mkdir -p "$root"
    tar -C "$root" -xf "$tarball"
    local m
    for m in proc sys dev dev/pts; do
        mount --bind "/$m" "$root/$m"
        FRESH_MOUNTS+=("$root/$m")
    done
    cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
}

fresh_run() {
    local root=$1
    shift
    chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 CI="${CI:-}" \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        DEBIAN_FRONTEND=noninteractive "$@"
}

fresh_cleanup() {
    local i
    for ((i = ${#FRESH_MOUNTS[@]} - 1; i >= 0; i--)); do
        umount -l "${FRESH_MOUNTS[$i]}" 2>/dev/null || true
    done
    FRESH_MOUNTS=()
}
