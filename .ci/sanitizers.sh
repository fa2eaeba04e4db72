#!/usr/bin/env bash
# The sanitizer and fuzzing stages of CI, runnable on any Debian 12 machine
# that has built the project once with ./hostbench.sh (its packages are then
# installed); .ci/run runs them inside its fresh root after the tests.
#
#   .ci/sanitizers.sh asan            ASan+UBSan build (build-asan/), the whole test suite under it
#   .ci/sanitizers.sh tsan            TSan build (build-tsan/, no GUI), the engine's, the load
#                                     generator's and storage's tests under it
#   .ci/sanitizers.sh fuzz [SECONDS]  clang-14 + libFuzzer with ASan+UBSan (build-fuzz/): each
#                                     target in tests/fuzz for SECONDS (default 60) from its seed
#                                     corpus; a finding is saved in build-fuzz/findings/ and fails
#
# A sanitizer report fails the test that shows it (halt_on_error). Leaks are
# reported too, except those suppressed in .ci/lsan.supp (libraries outside
# the project that keep their allocations until exit).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
jobs=$(nproc)

export QT_QPA_PLATFORM=offscreen
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/.ci/lsan.supp:print_suppressions=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
# Qt is not built with TSan: its own locking is invisible to TSan, so the
# memory accesses Qt makes inside its calls (QMimeDatabase's cache, QtTest's
# watchdog) are left out; ours, and the calls we make, are checked.
# die_after_fork=0: tests that run a program (QProcess: ab, nginx) fork a
# process with threads; the child only execs, which TSan cannot tell, and by
# default it dies there ("starting new threads after multi-threaded fork").
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1:ignore_noninstrumented_modules=1:die_after_fork=0:suppressions=$PWD/.ci/tsan.supp}

install_missing() {
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "sanitizers.sh: installing ${missing[*]}" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# -O1 with line tables only: a sanitizer build compiles about twice as fast
# as RelWithDebInfo's -O2 -g and its reports still name file and line.
configure() {
    local dir=$1
    shift
    [ -f "$dir/build.ninja" ] || cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_CXX_FLAGS_RELEASE="-O1 -g1" "$@"
}

# The test executables of tests/FOLDER..., to build no more than the stage runs.
test_targets() {
    local dir=$1 folder
    shift
    for folder in "$@"; do
        ctest --test-dir "$dir/tests/$folder" -N | sed -n 's/^ *Test *#[0-9]*: \(tst_.*\)/\1/p'
    done
    echo hostbench-cli # the black-box and end-to-end tests run it
}

case "${1:-}" in
asan)
    configure build-asan -DHOSTBENCH_SANITIZE=address,undefined
    cmake --build build-asan --parallel "$jobs"
    # One test per core, as ./hostbench.sh test runs them: most of a test's
    # time is waiting on its servers and peers, not CPU. Timeouts scaled for
    # a build that runs 2-3 times slower: --timeout for the tests with none of
    # their own, tests/CMakeLists.txt triples the ones they set.
    ctest --test-dir build-asan --output-on-failure --parallel "$jobs" --timeout 400
    ;;
tsan)
    configure build-tsan -DHOSTBENCH_SANITIZE=thread -DHOSTBENCH_BUILD_GUI=OFF
    # shellcheck disable=SC2046
    cmake --build build-tsan --parallel "$jobs" --target $(test_targets build-tsan model http bench storage)
    failed=()
    for folder in model http bench storage; do
        ctest --test-dir "build-tsan/tests/$folder" --output-on-failure --parallel "$jobs" --timeout 600 ||
            failed+=("$folder")
    done
    [ ${#failed[@]} -eq 0 ] || { echo "tsan: failures in tests/${failed[*]}" >&2; exit 1; }
    ;;
fuzz)
    seconds=${2:-60}
    # libclang-rt-14-dev holds the ASan, UBSan and libFuzzer runtimes; clang-14 only recommends it.
    install_missing clang-14 libclang-rt-14-dev libfuzzer-14-dev
    CC=clang-14 CXX=clang++-14 configure build-fuzz -DHOSTBENCH_FUZZ=ON -DHOSTBENCH_BUILD_GUI=OFF \
        -DHOSTBENCH_SANITIZE=address,undefined
    targets=$(cd tests/fuzz && ls fuzz_*.cpp | sed 's/\.cpp$//')
    # shellcheck disable=SC2086
    cmake --build build-fuzz --parallel "$jobs" --target $targets
    rm -rf build-fuzz/findings # a finding of an earlier run is in the corpus by now, or still open
    mkdir -p build-fuzz/findings
    for target in $targets; do
        # New inputs go to a scratch copy of the corpus; the seeds stay as committed.
        corpus=build-fuzz/corpus/$target
        mkdir -p "$corpus"
        cp -n tests/fuzz/corpus/"$target"/* "$corpus"/
        echo "fuzz: $target for $seconds s"
        build-fuzz/tests/fuzz/"$target" -max_total_time="$seconds" -print_final_stats=1 \
            -artifact_prefix=build-fuzz/findings/"$target"- "$corpus" 2>&1 |
            grep -E '^#[0-9]+[[:space:]]+DONE|^stat::(number_of_executed_units|average_exec_per_sec)|ERROR|SUMMARY|runtime error|Assertion|property violated' ||
            true
        if ls build-fuzz/findings/"$target"-* >/dev/null 2>&1; then
            echo "fuzz: $target found an input that breaks it: $(ls build-fuzz/findings/"$target"-*)" >&2
            exit 1
        fi
    done
    ;;
*)
    echo "usage: $0 asan | tsan | fuzz [SECONDS]" >&2
    exit 2
    ;;
esac
