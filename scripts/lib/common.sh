# Sourced by the project's shell scripts, not run. Sets `root`, the repository's top (wherever the script
# sits under scripts/), and defines `say_why_stopped NAME [MORE]`: an ERR trap that names the script, the
# line, the command and its exit status (and MORE, say a log's path), so no script stops in silence.
# shellcheck shell=bash
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
say_why_stopped() {
  local more=${2:+ ($2)}
  # shellcheck disable=SC2064  # the name and MORE are fixed now; the line and command at the trap
  trap "echo \"$1: stopped at line \$LINENO: \$BASH_COMMAND (exit \$?)$more\" >&2" ERR
}
