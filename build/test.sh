#!/usr/bin/env bash
# Runs every test and ends with one line of totals: "N passed, N failed".
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/build/require-dotnet.sh" || exit 1
log="$root/artifacts/test.log"
mkdir -p "$root/artifacts"

# A hung test fails the run after 5 minutes instead of stalling it.
dotnet test "$root/Engine.sln" -c Release -nologo --blame-hang-timeout 5m 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

# vstest prints one summary per test assembly: "Passed!  - Failed:     0, Passed:    24, ..."
read -r passed failed < <(grep -E "^(Passed|Failed)! +- Failed:" "$log" |
  sed -E 's/.*Failed: *([0-9]+), Passed: *([0-9]+).*/\2 \1/' |
  awk '{p+=$1; f+=$2} END {print p+0, f+0}')
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
  failed=1 # the build or a test host failed before any test could report
fi
echo "$passed passed, $failed failed"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
