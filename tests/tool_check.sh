# SPDX-License-Identifier: MIT
# The start of the tool's check scripts that take TEXUNIT WORK_DIR, sourced by them with
# their arguments: sets texunit and status, makes WORK_DIR and works in it, defines fail.
#   . "$(dirname "$0")/../tool_check.sh"
set -eu
texunit=$1 work=$2
mkdir -p "$work"
cd "$work"
status=0
fail() { echo "FAIL: $*"; status=1; }
