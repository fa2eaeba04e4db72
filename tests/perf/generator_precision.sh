#!/usr/bin/env bash
# The load generator's latency precision, on a quiet machine (never in CTest,
# which asserts no timing windows): the median of a 20 ms service time within
# 2%, a paced rate met, and a 1 s stall visible only in the corrected
# percentiles (coordinated omission). Pinned to CPU 1 where there are two
# cores, so that a busy CPU 0 does not count against it. Exit 1 when a figure
# is off; run it when the machine is otherwise idle.
#
#   tests/perf/generator_precision.sh [BUILD_DIR]      (default build/)
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/../.."
BUILD=${1:-build}
WORK=$(mktemp -d /tmp/hostbench-precision.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
source tests/perf/lib.sh
set_cpu_pinning
cmake --build "$BUILD" --target generator_precision >/dev/null
"${PIN_CLIENT[@]}" "$BUILD/tests/bench/generator_precision"
