#!/usr/bin/env bash
# The FuseSoC cores (uet_lb.core on the layer cores under rtl/): the RTL files FuseSoC hands the tool are
# rtl/uet_lb.f and rtl/uet_lb_axi.f, in order, and a target runs from the repository root as a user would.
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
# FuseSoC's file list (the layer cores under rtl/, resolved through their dependencies) against the two
# lists every other flow reads, in order: set up first, so a core that drifted stops the check here.
cd "$root"
fusesoc run --build-root "$build_root" --setup --target="$target" uet:lb:uet_lb >/dev/null
python3 - "$root" "$build_root" "$target" <<'PY'
import glob, os, re, sys
import yaml
root, build_root, target = sys.argv[1:4]
found = glob.glob(os.path.join(build_root, "uet_lb_uet_lb_*", f"{target}-*", "*.eda.yml"))
if len(found) != 1:
    sys.exit(f"fusesoc_check.sh: expected one FuseSoC EDAM file for target {target} under {build_root}, found {found}")
got = []
for f in yaml.safe_load(open(found[0]))["files"]:
    m = re.fullmatch(r"src/uet_lb_(pkg|prim|tracker|regs|core|axi)_[0-9.]+/(.*\.sv)", f["name"])
    if m:
        got.append(f"rtl/{m.group(1)}/{m.group(2)}")
want = []
for lst in ("rtl/uet_lb.f", "rtl/uet_lb_axi.f"):
    want += ["rtl/" + l.strip() for l in open(os.path.join(root, lst)) if l.strip()]
if got != want:
    sys.exit("fusesoc_check.sh: the layer cores (rtl/*/uet_lb_*.core) give FuseSoC these RTL files:\n  "
             + "\n  ".join(got) + "\nnot rtl/uet_lb.f then rtl/uet_lb_axi.f in that order:\n  " + "\n  ".join(want))
print(f"fusesoc_check.sh: FuseSoC's {len(got)} RTL files are rtl/uet_lb.f and rtl/uet_lb_axi.f in order")
PY
fusesoc run --build-root "$build_root" --target="$target" uet:lb:uet_lb
