#!/usr/bin/env bash
# The save system on ARM64: cross-compiles with NativeAOT for linux-arm64 (build/publish-native.sh --runtime) the
# sample game, the RPG and SaveLoop (the crash tests' saving process) and runs them under qemu-user: each game's
# selftest (every format x compression; the RPG's with 10 random parties and codices) and its frozen saves
# (tests/Engine.Serialization.Tests/Fixtures), and SaveLoop killed just before each step of a save, as
# KilledAtEachStepTests does on x64: the slot must still load the save on disk, and the next save succeed. Installs
# what it needs (Debian's cross toolchain and qemu, the arm64 libssl); ends with one line, "arm64: N passed, N failed".
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/build/require-dotnet.sh" || exit 1
started=$SECONDS
# clang links for aarch64 with the cross binutils' ld and the cross C library; objcopy strips the symbols.
bash "$root/build/apt-install.sh" qemu-user-static binutils-aarch64-linux-gnu gcc-aarch64-linux-gnu libc6-dev-arm64-cross || exit 1
sysroot=/usr/aarch64-linux-gnu
# A model with its own MessagePack formatters (the RPG's) makes MessagePack seed a SipHash key from the OS random
# source, which .NET on Linux reads through OpenSSL: without libssl the program aborts at its first save. An arm64
# Linux player has it; Debian's cross packages don't, so the arm64 libssl3 package is unpacked under artifacts/.
ssl="$root/artifacts/linux-arm64/libssl3"
if [ ! -e "$ssl/usr/lib/aarch64-linux-gnu/libssl.so.3" ]; then
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  arm64_lists=(-o APT::Architectures::=amd64 -o APT::Architectures::=arm64)
  download="$(mktemp -d)"
  mkdir -p "$ssl"
  "${sudo_cmd[@]}" apt-get update -qq "${arm64_lists[@]}" &&
    (cd "$download" && apt-get download -qq -o APT::Sandbox::User=root "${arm64_lists[@]}" libssl3:arm64) &&
    dpkg-deb -x "$download"/libssl3_*_arm64.deb "$ssl" || exit 1
  rm -rf "$download"
fi
installed=$SECONDS
passed=0
failed=0
log="$root/artifacts/linux-arm64/test.log"
mkdir -p "$(dirname "$log")"
: >"$log"

pass() { passed=$((passed + 1)); echo "ok    $1"; }
fail() { failed=$((failed + 1)); echo "FAIL  $1" >&2; }
on_arm64() { qemu-aarch64-static -L "$sysroot" -E LD_LIBRARY_PATH="$ssl/usr/lib/aarch64-linux-gnu" "$@"; }

# A program's run that ends with "WHAT: N passed, N failed" adds its counts; one that doesn't, or that exits with an
# error while counting no failure, counts as one failure.
run_counted() {
  local what="$1" output status counts p f
  shift
  output="$(on_arm64 "$@" 2>&1)"
  status=$?
  echo "$output" >>"$log"
  echo "$output" | grep -E "^FAIL" >&2
  counts="$(echo "$output" | sed -nE "s/^$what: ([0-9]+) passed, ([0-9]+) failed$/\1 \2/p")"
  if [ -z "$counts" ]; then
    fail "$(basename "$1") $what: no result line (see $log)"
    return
  fi
  read -r p f <<<"$counts"
  passed=$((passed + p))
  failed=$((failed + f))
  echo "$(basename "$1") $what on arm64: $p passed, $f failed"
  [ "$status" -ne 0 ] && [ "$f" -eq 0 ] && fail "$(basename "$1") $what: exited with $status"
}

declare -A binary
while read -r project name; do
  if binary[$name]="$(bash "$root/build/publish-native.sh" --runtime linux-arm64 "$project" "$name" \
    -p:CppCompilerAndLinker=clang -p:ObjCopyName=aarch64-linux-gnu-objcopy </dev/null 2>>"$log")"; then
    pass "publish $name for linux-arm64"
  else
    fail "publish $name for linux-arm64 (see $log)"
  fi
done <<'PROGRAMS'
Game.Sample/Game.Sample.csproj game-sample
tests/RpgGame/RpgGame.csproj rpg-game
tests/SaveLoop/SaveLoop.csproj SaveLoop
PROGRAMS
published=$SECONDS

fixtures="$root/tests/Engine.Serialization.Tests/Fixtures"
if [ -n "${binary[game-sample]:-}" ]; then
  run_counted selftest "${binary[game-sample]}" selftest
  run_counted fixtures "${binary[game-sample]}" fixtures "$fixtures/schema-v1"
fi
if [ -n "${binary[rpg-game]:-}" ]; then
  # 10 random parties and codices, not 100 and 20: emulated, the full run takes minutes.
  run_counted selftest "${binary[rpg-game]}" selftest --seeds 10
  run_counted fixtures "${binary[rpg-game]}" fixtures "$fixtures/rpg-v1"
fi

# Saves 1 and 2, then save 3 killed (SIGKILL) just before STEP; the slot must hold LOADS, its backup BACKUP and the
# temp files TEMP (KilledAtEachStepTests); then save 4 must succeed and leave no temp file.
kill_before() {
  local step="$1" temp="$2" loads="$3" backup="$4" folder saver=${binary[SaveLoop]} status slot
  folder="$(mktemp -d)"
  on_arm64 "$saver" "$folder" 1 2 >/dev/null 2>>"$log"
  SAVELOOP_KILL_AT="$step" on_arm64 "$saver" "$folder" 3 1 >>"$log" 2>&1
  status=$?
  slot="$(on_arm64 "$saver" check "$folder" 2>&1)"
  if [ "$status" -ne 137 ]; then
    fail "SaveLoop killed before $step: exited with $status, not killed by SIGKILL"
  elif [ "$slot" != "slot $loads, backup $backup, temp $temp" ]; then
    fail "SaveLoop killed before $step: '$slot', expected 'slot $loads, backup $backup, temp $temp'"
  elif [ "$(on_arm64 "$saver" "$folder" 4 1 2>&1)" != "4" ] || [ "$(on_arm64 "$saver" check "$folder" 2>&1)" != "slot 4, backup $loads, temp none" ]; then
    fail "SaveLoop killed before $step: the next save failed or left the slot wrong"
  else
    pass "SaveLoop killed before $step: $slot; the next save succeeds"
  fi
  rm -rf "$folder"
}
if [ -n "${binary[SaveLoop]:-}" ]; then
  kill_before CreateTemp none 2 1
  kill_before WriteData empty 2 1
  kill_before FlushData written 2 1
  kill_before Replace written 2 1
  kill_before FlushFolder none 3 2
fi

echo "arm64 times: install $((installed - started)) s, publish $((published - installed)) s, runs $((SECONDS - published)) s" >&2
echo "arm64: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
