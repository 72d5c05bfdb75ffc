#!/usr/bin/env bash
# Publishes a game with NativeAOT and prints the binary's path; fails on any trim/AOT warning (IL2xxx/IL3xxx).
#   bash build/publish-native.sh                                   the sample game: artifacts/native/game-sample
#   bash build/publish-native.sh tests/RpgGame/RpgGame.csproj rpg-game   another game: artifacts/rpg-game/rpg-game
#   bash build/publish-native.sh Game.Sample/Game.Sample.csproj game-sample-msgpack -p:SaveFormatXml=false ...
#                                          more arguments go to dotnet publish: artifacts/game-sample-msgpack/game-sample
#   bash build/publish-native.sh --runtime linux-arm64 tests/RpgGame/RpgGame.csproj rpg-game -p:...
#                                          another runtime than linux-x64: artifacts/linux-arm64/rpg-game/rpg-game
#                                          (build/test-arm64.sh passes what cross-compiling needs)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runtime=linux-x64
if [ "${1:-}" = "--runtime" ]; then
  runtime="$2"
  shift 2
fi
project="${1:-Game.Sample/Game.Sample.csproj}"
name="${2:-game-sample}"
shift $(($# < 2 ? $# : 2))
source "$root/build/require-dotnet.sh"
bash "$root/build/native-prereqs.sh"

# Other runtimes' programs and records go in a folder of their own, beside the linux-x64 ones the tests read.
artifacts="$root/artifacts"
[ "$runtime" = "linux-x64" ] || artifacts="$root/artifacts/$runtime"
out="$artifacts/$name"
[ "$runtime-$name" = "linux-x64-game-sample" ] && out="$artifacts/native"
log="$artifacts/native-publish-$name.log"
mkdir -p "$out"
assembly="$(dotnet msbuild "$root/$project" -getProperty:AssemblyName "$@")"
dotnet publish "$root/$project" -c Release -r "$runtime" -o "$out" -nologo "$@" 2>&1 | tee "$log" >&2
# The engine's package silences its dependencies' summaries (Engine.Serialization.targets): any trim/AOT warning left
# is a problem in our code or the game's.
warnings=$(grep -E "warning IL[23][0-9]{3}" "$log" || true)
if [ -n "$warnings" ]; then
  echo "error: the native publish of $name reported trim/AOT warnings:" >&2
  echo "$warnings" >&2
  exit 1
fi
# Where the binary is, for a test run that reuses this publish (tests/Engine.Testing/NativePrograms.cs).
echo "$out/$assembly" | tee "$artifacts/native-publish-$name.path"
