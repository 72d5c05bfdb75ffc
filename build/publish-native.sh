#!/usr/bin/env bash
# Publishes a game with NativeAOT and prints the binary's path; fails on any trim/AOT warning (IL2xxx/IL3xxx) from
# the project's own code or the game's.
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
# Third-party assemblies get one summary line each (IL2104/IL3053); anything else, or a summary
# naming one of our assemblies or the game's, is a trim/AOT problem in our code.
ours=$(grep -E "warning IL[23][0-9]{3}" "$log" | grep -vE "warning IL(2104|3053): Assembly '[^']+'" || true)
ours+=$'\n'$(grep -E "warning IL(2104|3053): Assembly '(Engine\.[^']*|$assembly)'" "$log" || true)
if [ -n "${ours//$'\n'/}" ]; then
  echo "error: the native publish of $name reported trim/AOT warnings from our code:" >&2
  echo "$ours" >&2
  exit 1
fi
# Where the binary is, for a test run that reuses this publish (tests/Engine.Testing/NativePrograms.cs).
echo "$out/$assembly" | tee "$root/artifacts/native-publish-$name.path"
