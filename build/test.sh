#!/usr/bin/env bash
# Runs every test: publishes the native sample game (also without XML and protobuf), the second game, tests/RpgGame,
# tests/SaveLoop (its two savers and a loader share a slot) and savetool (the tests launch them all), runs
# the unit tests (JIT), then each native program's selftest, then every benchmark once in a dry mode so none
# rots (each BenchmarkDotNet suite and the cold-start harness count as one check; their numbers are
# not checked), then the ARM64 suite under qemu (build/test-arm64.sh) and the Windows suite under Wine
# (build/test-windows.sh). Installs what it needs, and ends with one line of totals: "N passed, N failed".
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/build/require-dotnet.sh" || exit 1
mkdir -p "$root/artifacts"
log="$root/artifacts/test.log"
native_log="$root/artifacts/selftest.log"
passed=0
failed=0

# Tools the payload tests hand saves to: the lz4 command-line tool, xmllint (with the generated XSD) and
# protoc (with the generated .proto; libprotobuf-dev holds the well-known types it imports); and strace, which
# records a save's file operations for the power-cut replay and kills a save between File.Replace's link and rename;
# and GNU time, which reports the native game's peak memory to the tests that bound it.
bash "$root/build/apt-install.sh" lz4 libxml2-utils protobuf-compiler libprotobuf-dev strace time || exit 1

# Publishes every native program the tests launch (build/native-programs.txt) and exports each one's path in its
# variable; a failed publish counts.
native_status=0
while read -r variable project name arguments; do
  # shellcheck disable=SC2086 # the publish arguments are separate words
  if path="$(bash "$root/build/publish-native.sh" "$project" "$name" $arguments </dev/null)"; then
    export "$variable=$path"
  else
    echo "the native publish of $project as $name failed" >&2
    native_status=1
    failed=$((failed + 1))
  fi
done < <(grep -vE '^(#|$)' "$root/build/native-programs.txt")

# The mutation-fuzzing tests each write one line of counts here; stale ones would mislead.
fuzz_reports="$root/artifacts/fuzz"
rm -f "$fuzz_reports"/mutation-*.txt
# So does each power-cut replay scenario, with the disk states it checked.
powercut_reports="$root/artifacts/powercut"
rm -f "$powercut_reports"/powercut-*.txt

# A hung test fails the run after 5 minutes instead of stalling it.
dotnet test "$root/Engine.sln" -c Release -nologo --blame-hang-timeout 5m 2>&1 | tee "$log"
unit_status=${PIPESTATUS[0]}

# vstest prints one summary per test assembly: "Passed!  - Failed:     0, Passed:    24, ..."
read -r unit_passed unit_failed < <(grep -E "^(Passed|Failed)! +- Failed:" "$log" |
  sed -E 's/.*Failed: *([0-9]+), Passed: *([0-9]+).*/\2 \1/' |
  awk '{p+=$1; f+=$2} END {print p+0, f+0}')
passed=$((passed + unit_passed))
failed=$((failed + unit_failed))

# A test project that finds no tests, or a total that drops below the floor kept in build/test-floor.txt, fails
# the run: a green run must not hide tests that stopped being found. Raise the floor as tests are added.
expected_projects=$(dotnet sln "$root/Engine.sln" list | grep -cE '^tests/.*Tests\.csproj$')
reporting_projects=$(grep -cE "^(Passed|Failed)! +- Failed: +[0-9]+, Passed: +[0-9]+, Skipped: +[0-9]+, Total: +[1-9]" "$log")
if [ "$reporting_projects" -ne "$expected_projects" ]; then
  echo "only $reporting_projects of $expected_projects test projects reported tests" >&2
  failed=$((failed + 1))
fi
floor=$(tr -dc '0-9' < "$root/build/test-floor.txt")
if [ "$unit_passed" -lt "$floor" ]; then
  echo "$unit_passed unit tests passed, below the floor of $floor in build/test-floor.txt" >&2
  failed=$((failed + 1))
fi
if [ "$unit_status" -ne 0 ] && [ "$unit_failed" -eq 0 ]; then
  failed=$((failed + 1)) # the build or a test host failed before any test could report
fi

# How many damaged and hostile inputs the loader was fed, per format x compression, and in all.
if compgen -G "$fuzz_reports/mutation-*.txt" >/dev/null; then
  cat "$fuzz_reports"/mutation-*.txt
  sed -nE 's/^[^:]*: ([0-9,]+) inputs tried.*/\1/p' "$fuzz_reports"/mutation-*.txt | tr -d , |
    awk '{n+=$1} END {printf "mutation fuzzing: %d inputs tried in all\n", n}'
fi
# How many disk states the power-cut replay loaded, per scenario and in all.
if compgen -G "$powercut_reports/powercut-*.txt" >/dev/null; then
  cat "$powercut_reports"/powercut-*.txt
  sed -nE 's/^power-cut replay, [^:]*: ([0-9]+) disk states.*/\1/p' "$powercut_reports"/powercut-*.txt |
    awk '{n+=$1} END {printf "power-cut replay: %d disk states checked in all\n", n}'
fi

# The same round-trips inside each NativeAOT-published game; each ends with "selftest: N passed, N failed".
if [ "$native_status" -eq 0 ]; then
  for program in "$GAME_SAMPLE_NATIVE" "$RPG_GAME_NATIVE"; do
    "$program" selftest 2>&1 | tee "$native_log" | grep -v "^ok "
    status=${PIPESTATUS[0]}
    read -r native_passed native_failed < <(sed -nE 's/^selftest: ([0-9]+) passed, ([0-9]+) failed$/\1 \2/p' "$native_log")
    passed=$((passed + ${native_passed:-0}))
    failed=$((failed + ${native_failed:-1}))
    if [ "$status" -ne 0 ]; then
      native_status=$status
      [ "${native_failed:-1}" -eq 0 ] && failed=$((failed + 1))
    fi
  done
fi

# Every BenchmarkDotNet suite once, in process; it ends with "benchmarks: N passed, N failed".
bench_log="$root/artifacts/benchmarks-dry.log"
# dotnet test builds only the test projects and what they reference, so build the suites here.
dotnet build "$root/Benchmarks/Benchmarks.csproj" -c Release -nologo >"$bench_log" 2>&1 &&
  dotnet "$root/Benchmarks/bin/Release/net10.0/Benchmarks.dll" --dry --results "$root/artifacts/bdn-dry-results" >>"$bench_log" 2>&1
grep -E "^benchmark suite " "$bench_log"
read -r bench_passed bench_failed < <(sed -nE 's/^benchmarks: ([0-9]+) passed, ([0-9]+) failed$/\1 \2/p' "$bench_log")
passed=$((passed + ${bench_passed:-0}))
failed=$((failed + ${bench_failed:-1}))
[ -n "${bench_passed:-}" ] || echo "the benchmark dry run did not finish; see $bench_log" >&2

# The cold-start harness with two runs per case, its results under artifacts/.
if bash "$root/build/coldstart.sh" --dry >"$root/artifacts/coldstart-dry.log" 2>&1; then
  echo "cold-start harness: ok"
  passed=$((passed + 1))
else
  echo "cold-start harness: FAILED; see $root/artifacts/coldstart-dry.log" >&2
  failed=$((failed + 1))
fi

# Another platform's suite, counted in the totals: its script ends with "NAME: N passed, N failed".
run_platform_suite() {
  local name=$1 script=$2
  local suite_log="$root/artifacts/test-$name.log" suite_passed suite_failed
  bash "$root/build/$script" >"$suite_log" 2>&1
  grep -E "^(FAIL|$name)|\[FAIL\]" "$suite_log"
  read -r suite_passed suite_failed < <(sed -nE "s/^$name: ([0-9]+) passed, ([0-9]+) failed\$/\1 \2/p" "$suite_log")
  passed=$((passed + ${suite_passed:-0}))
  failed=$((failed + ${suite_failed:-1}))
  [ -n "${suite_passed:-}" ] || echo "the $name suite did not finish; see $suite_log" >&2
}

# The games and the crash tests' saving process cross-compiled for linux-arm64 and run under qemu-user, then the
# engine's tests and the games' selftests as Windows programs under Wine (after the linux-x64 publishes are done with:
# another runtime's publish restores the shared projects again).
run_platform_suite arm64 test-arm64.sh
run_platform_suite windows test-windows.sh

echo "$passed passed, $failed failed"
[ "$unit_status" -eq 0 ] && [ "$native_status" -eq 0 ] && [ "$failed" -eq 0 ]
