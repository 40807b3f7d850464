#!/usr/bin/env bash
# The FuseSoC core (uet_lb.core): its file lists are rtl/uet_lb.f and rtl/uet_lb_axi.f, in order, and a
# target runs from the repository root as a user would run it.
#   scripts/hw/fusesoc_check.sh lint|sim [BUILD_ROOT]     (default build root: build-fusesoc/)
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
target=${1:-}
case "$target" in
  lint|sim) ;;
  *) echo "fusesoc_check.sh: expected lint or sim, not '$target'" >&2; exit 2 ;;
esac
build_root=${2:-$root/build-fusesoc}
# The rtl and axi filesets against the two lists.
python3 - "$root" <<'PY'
import os, re, sys
root = sys.argv[1]
core = open(os.path.join(root, "uet_lb.core")).read()
def fileset(name):
    m = re.search(rf"^  {name}:\n    files:\n((?:      - .*\n)+)", core, re.M)
    if not m:
        sys.exit(f"fusesoc_check.sh: uet_lb.core has no fileset '{name}'")
    return [l.split("- ", 1)[1].strip() for l in m.group(1).splitlines()]
for name, lst in (("rtl", "rtl/uet_lb.f"), ("axi", "rtl/uet_lb_axi.f")):
    want = ["rtl/" + l.strip() for l in open(os.path.join(root, lst)) if l.strip()]
    if fileset(name) != want:
        sys.exit(f"fusesoc_check.sh: uet_lb.core fileset '{name}' is not {lst} in order:\n  core: {fileset(name)}\n  list: {want}")
PY
cd "$root"
fusesoc run --build-root "$build_root" --target="$target" uet:lb:uet_lb
