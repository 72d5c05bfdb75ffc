#!/usr/bin/env bash
# Runs the engine's tests and the two games' selftests as Windows programs under Wine, and ends with one line of
# totals: "windows: N passed, N failed". build/test.sh calls it.
#
# Each program is published self-contained for win-x64 under JIT: NativeAOT for Windows needs Microsoft's linker, which
# no Linux machine has. The tests are tests/Engine.Serialization.Tests' own files, built as the xUnit v3 program
# tests/Platform.Tests; the few that need Linux tools or Linux-only tricks are left out, each with its reason, in
# tests/Platform.Tests/windows-exclusions.txt. Installs Wine from Debian's packages when it is missing; the Wine prefix
# (Wine's C: drive and registry) lives under artifacts/windows/, made once and reused.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/build/require-dotnet.sh" || exit 1
bash "$root/build/apt-install.sh" wine wine64 || exit 1

out="$root/artifacts/windows"
log="$out/publish.log"
mkdir -p "$out"
: >"$log"
passed=0
failed=0

# A Windows program, self-contained under JIT; SaveLoop goes beside the tests, which launch it (SaveLoopProcess).
publish() {
  local project=$1 folder=$2
  dotnet publish "$root/$project" -c Release -r win-x64 --self-contained -p:PublishAot=false -o "$out/$folder" -nologo >>"$log" 2>&1 ||
    { echo "windows: the win-x64 publish of $project failed; see $log" >&2; return 1; }
}
published=0
publish tests/Platform.Tests/Platform.Tests.csproj tests &&
  publish tests/SaveLoop/SaveLoop.csproj tests &&
  publish Game.Sample/Game.Sample.csproj game-sample &&
  publish tests/RpgGame/RpgGame.csproj rpg-game || published=1
if [ "$published" -ne 0 ]; then
  echo "windows: 0 passed, 1 failed"
  exit 1
fi

export WINEPREFIX="$out/wine" WINEARCH=win64 WINEDEBUG=-all
if [ ! -f "$WINEPREFIX/system.reg" ]; then
  # A prefix made without Wine's Mono and Gecko, which it would otherwise offer to download; .NET brings its own runtime.
  WINEDLLOVERRIDES="mscoree,mshtml=" wine wineboot --init >/dev/null 2>&1
  # Wine says Windows 7 by default; the programs are for Windows 10 and later.
  wine reg add 'HKCU\Software\Wine' /v Version /d win10 /f >/dev/null 2>&1
fi

# A full disk: a small tmpfs the tests fill (FullDiskTests), at a path Wine shows as a folder of drive Z:.
small_disk="$out/small-disk"
mkdir -p "$small_disk"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
mountpoint -q "$small_disk" || "${sudo_cmd[@]}" mount -t tmpfs -o size=1m tmpfs "$small_disk"
trap '"${sudo_cmd[@]}" umount "$small_disk"' EXIT
SMALL_DISK="$(wine winepath -w "$small_disk" 2>/dev/null)"
export SMALL_DISK

# xUnit v3's filters: -class- for a class, -method- for a method.
exclusions=()
while read -r name _; do
  name="Engine.Serialization.Tests.$name"
  if [[ "${name##*.}" =~ ^[A-Z][A-Za-z]*Tests$ ]]; then
    exclusions+=(-class- "$name")
  else
    exclusions+=(-method- "$name")
  fi
done < <(grep -vE '^(#|$)' "$root/tests/Platform.Tests/windows-exclusions.txt")

# The native programs build/test.sh publishes and names in these variables are Linux programs: under Wine the tests
# start the Windows ones published beside them.
while read -r variable _; do
  unset "$variable"
done < <(grep -vE '^(#|$)' "$root/build/native-programs.txt")

# Each process a test starts costs about a second under Wine: the random-kill test kills 30 saving processes, not 200.
export CRASH_KILLS=30

# The namespaces whose tests reach the OS (files, folders, locks, processes, threads); the others (formats, the
# container, snapshots, migrations, fuzzing) run the same code on every system and are left to the Linux run, for time
# (a run of them all under Wine found one difference, CR LF in XML saves, now fixed).
namespaces=(Platform IO Slots Threads)
filters=()
for namespace in "${namespaces[@]}"; do
  filters+=(-namespace "Engine.Serialization.Tests.$namespace")
done

# One test at a time: CoreCLR under Wine 8 dies now and then suspending a thread for the GC ("SuspendThread failed with
# error 5") when the tests run in parallel, and hangs (no CPU used) in the test after one that started child processes.
# So the classes that start processes run each in a Wine process of its own, after the rest; a run that hangs is ended
# (after 4 minutes: a run takes 40 to 100 s, the longer on a busy machine) and run once more, which the output says.
spawning=(Engine.Serialization.Tests.Slots.SharedSlotTests Engine.Serialization.Tests.Slots.KilledAtEachStepTests)
total=0 errors=0 test_failed=0 unfinished=0
run_tests() {
  local log=$1
  shift
  for attempt in 1 2; do
    (cd "$out/tests" && timeout 4m wine Platform.Tests.exe -noLogo -noColor -parallelMode none "$@") >"$log" 2>&1
    grep -qE "Total: [0-9]+, Errors" "$log" && break
    echo "windows: the tests hung under Wine (attempt $attempt of 2); see $log" >&2
    wineserver -k # ends what the hung run left behind (the processes its tests started)
  done
  # xUnit v3's summary: "   Platform.Tests  Total: 812, Errors: 0, Failed: 0, Skipped: 0, Not Run: 0, Time: 95.2s"
  read -r run_total run_errors run_failed < <(sed -nE 's/.*Total: ([0-9]+), Errors: ([0-9]+), Failed: ([0-9]+),.*/\1 \2 \3/p' "$log")
  if [ -z "${run_total:-}" ]; then
    echo "windows: the tests under Wine did not finish; see $log" >&2
    unfinished=$((unfinished + 1))
    return
  fi
  grep -E "\[FAIL\]" "$log" >&2
  total=$((total + run_total))
  errors=$((errors + run_errors))
  test_failed=$((test_failed + run_failed))
}
spawning_filters=()
for class in "${spawning[@]}"; do
  spawning_filters+=(-class- "$class")
done
run_tests "$out/tests.log" "${filters[@]}" "${exclusions[@]}" "${spawning_filters[@]}"
for class in "${spawning[@]}"; do
  run_tests "$out/tests-${class##*.}.log" -class "$class" "${exclusions[@]}"
done
echo "windows tests under Wine: $((total - test_failed)) passed, $test_failed failed, $errors errors"
passed=$((passed + total - test_failed))
failed=$((failed + test_failed + errors + unfinished))

# Each game's selftest, as build/test.sh runs the native ones: "selftest: N passed, N failed".
# The RPG's random parties and codices run the same code on every system: 10 of each, as under qemu, not 100 and 20.
selftests=("game-sample/game-sample.exe selftest" "rpg-game/rpg-game.exe selftest --seeds 10")
for selftest in "${selftests[@]}"; do
  read -r program arguments <<<"$selftest"
  selftest_log="$out/selftest-$(basename "$program" .exe).log"
  # shellcheck disable=SC2086 # the arguments are separate words
  (cd "$out/$(dirname "$program")" && timeout 5m wine "$(basename "$program")" $arguments) >"$selftest_log" 2>&1
  read -r selftest_passed selftest_failed < <(tr -d '\r' <"$selftest_log" | sed -nE 's/^selftest: ([0-9]+) passed, ([0-9]+) failed$/\1 \2/p')
  echo "windows $(basename "$program"): selftest ${selftest_passed:-?} passed, ${selftest_failed:-?} failed"
  passed=$((passed + ${selftest_passed:-0}))
  failed=$((failed + ${selftest_failed:-1}))
done

echo "windows: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
