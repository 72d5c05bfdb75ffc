#!/usr/bin/env bash
# Publishes a game with NativeAOT and prints the binary's path; fails on any trim/AOT warning (IL2xxx/IL3xxx).
#   bash build/publish-native.sh                                   the sample game: artifacts/native/game-sample
#   bash build/publish-native.sh tests/RpgGame/RpgGame.csproj rpg-game   another game: artifacts/rpg-game/rpg-game
#   bash build/publish-native.sh Game.Sample/Game.Sample.csproj game-sample-msgpack -p:SaveFormatXml=false ...
#                                          more arguments go to dotnet publish: artifacts/game-sample-msgpack/game-sample
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
project="${1:-Game.Sample/Game.Sample.csproj}"
name="${2:-game-sample}"
shift $(($# < 2 ? $# : 2))
source "$root/build/require-dotnet.sh"
bash "$root/build/native-prereqs.sh"

out="$root/artifacts/native"
[ "$name" = "game-sample" ] || out="$root/artifacts/$name"
log="$root/artifacts/native-publish-$name.log"
mkdir -p "$out"
assembly="$(dotnet msbuild "$root/$project" -getProperty:AssemblyName "$@")"
dotnet publish "$root/$project" -c Release -r linux-x64 -o "$out" -nologo "$@" 2>&1 | tee "$log" >&2
# The engine's package silences its dependencies' summaries (Engine.Serialization.targets): any trim/AOT warning left
# is a problem in our code or the game's.
warnings=$(grep -E "warning IL[23][0-9]{3}" "$log" || true)
if [ -n "$warnings" ]; then
  echo "error: the native publish of $name reported trim/AOT warnings:" >&2
  echo "$warnings" >&2
  exit 1
fi
# Where the binary is, for a test run that reuses this publish (tests/Engine.Testing/NativePrograms.cs).
echo "$out/$assembly" | tee "$root/artifacts/native-publish-$name.path"
