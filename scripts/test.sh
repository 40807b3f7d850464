#!/usr/bin/env bash
# Builds everything and runs every test through CTest. Does all set-up on a fresh machine.
#   scripts/test.sh              release build in build/, all tests
#   scripts/test.sh --sanitize   also an ASan+UBSan build of the C++ (model, runner) in build-asan/, its tests
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh"
(cd "$root/build" && ctest --output-on-failure -j"${UETLB_JOBS:-2}")
if [ "${1:-}" = "--sanitize" ]; then
  UETLB_BUILD_DIR="$root/build-asan" "$root/scripts/build.sh" -DUETLB_SANITIZE=ON -DUETLB_WITH_RTL=OFF
  (cd "$root/build-asan" && ctest --output-on-failure -j"${UETLB_JOBS:-2}")
fi
