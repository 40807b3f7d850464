#!/usr/bin/env bash
# Builds everything and runs every test through CTest. Does all set-up on a fresh machine.
#   scripts/test.sh              release build in build/, all tests
#   scripts/test.sh --sanitize   also an ASan+UBSan build of the C++ (model, runner) in build-asan/, its tests
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
. "$(dirname "$0")/lib/common.sh"
# One line per step; compiler output goes to BUILD/build.log (its tail is printed when a build fails).
UETLB_BUILD_LOG="$root/build/build.log" "$root/scripts/build.sh"
echo "tests: ctest in build/ (a line per test; a failing test prints its output)"
(cd "$root/build" && ctest --output-on-failure -j"${UETLB_JOBS:-2}")
if [ "${1:-}" = "--sanitize" ]; then
  UETLB_BUILD_DIR="$root/build-asan" UETLB_BUILD_LOG="$root/build-asan/build.log" "$root/scripts/build.sh" \
    -DUETLB_SANITIZE=ON -DUETLB_WITH_RTL=OFF
  echo "tests: ctest in build-asan/ (ASan and UBSan over the C++)"
  (cd "$root/build-asan" && ctest --output-on-failure -j"${UETLB_JOBS:-2}")
fi
