#!/usr/bin/env bash
# The process-level cold-start comparison: publishes the native and the JIT game, an empty
# program of each kind and the peers' native load programs (Nerdbank.MessagePack, System.Text.Json),
# then launches each case (every format x compression on a Medium save, and each peer) N times,
# interleaved. Writes Benchmarks/results/coldstart.{md,csv,svg} and rewrites README.md's
# cold-start block.
#   bash build/coldstart.sh [--runs N]     (default 30)
#   bash build/coldstart.sh --dry          (2 runs, results under artifacts/, README untouched: CI)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/build/require-dotnet.sh"

runs=30
dry=0
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --dry) dry=1; runs=2; shift ;;
    *) echo "usage: build/coldstart.sh [--runs N] [--dry]" >&2; exit 2 ;;
  esac
done

out="$root/artifacts/coldstart"
log="$root/artifacts/coldstart-publish.log"
mkdir -p "$out"
: > "$log"
publish() { # project, output folder, extra properties...
  local project="$1" folder="$2"
  shift 2
  dotnet publish "$root/$project" -c Release -r linux-x64 -o "$folder" -nologo "$@" >>"$log" 2>&1 ||
    { echo "error: publishing $project failed; see $log" >&2; exit 1; }
}

echo "publishing the native game, the JIT game, the empty programs and the peers (log: $log)" >&2
# build/test.sh has just published the native game and names it in GAME_SAMPLE_NATIVE.
if [ -n "${GAME_SAMPLE_NATIVE:-}" ] && [ -x "$GAME_SAMPLE_NATIVE" ]; then
  native_game="$GAME_SAMPLE_NATIVE"
else
  native_game="$(bash "$root/build/publish-native.sh" 2>>"$log")"
fi
publish Game.Sample/Game.Sample.csproj "$out/jit-game" --self-contained false -p:PublishAot=false
publish Benchmarks/EmptyProgram/EmptyProgram.csproj "$out/native-empty" -p:PublishAot=true
publish Benchmarks/EmptyProgram/EmptyProgram.csproj "$out/jit-empty" --self-contained false -p:PublishAot=false
# The peers through build/publish-native.sh, which fails on a trim/AOT warning from their code.
nerdbank_load="$(bash "$root/build/publish-native.sh" Benchmarks/PeerPrograms/NerdbankLoad/NerdbankLoad.csproj nerdbank-load 2>>"$log")" ||
  { echo "error: publishing the Nerdbank.MessagePack peer failed; see $log" >&2; exit 1; }
json_load="$(bash "$root/build/publish-native.sh" Benchmarks/PeerPrograms/JsonLoad/JsonLoad.csproj json-load 2>>"$log")" ||
  { echo "error: publishing the System.Text.Json peer failed; see $log" >&2; exit 1; }
dotnet build "$root/Benchmarks/Benchmarks.csproj" -c Release -nologo >>"$log" 2>&1 ||
  { echo "error: building Benchmarks failed; see $log" >&2; exit 1; }

results=("--results" "$root/Benchmarks/results" "--readme")
[ "$dry" -eq 1 ] && results=("--results" "$out/results")
dotnet "$root/Benchmarks/bin/Release/net10.0/Benchmarks.dll" coldstart --runs "$runs" \
  --native-game "$native_game" --jit-game "$out/jit-game/game-sample" \
  --empty-native "$out/native-empty/empty-program" --empty-jit "$out/jit-empty/empty-program" \
  --nerdbank-load "$nerdbank_load" --json-load "$json_load" \
  --work "$out/saves" "${results[@]}"
