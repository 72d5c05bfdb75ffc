#!/usr/bin/env bash
# Publishes Game.Sample with NativeAOT to artifacts/native/game-sample and fails on any
# trim/AOT warning (IL2xxx/IL3xxx) from the project's own code.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/build/require-dotnet.sh"
bash "$root/build/native-prereqs.sh"

out="$root/artifacts/native"
log="$root/artifacts/native-publish.log"
mkdir -p "$out"
dotnet publish "$root/Game.Sample/Game.Sample.csproj" -c Release -r linux-x64 -o "$out" -nologo 2>&1 | tee "$log" >&2
# Third-party assemblies get one summary line each (IL2104/IL3053); anything else, or a summary
# naming one of our assemblies, is a trim/AOT problem in our code.
ours=$(grep -E "warning IL[23][0-9]{3}" "$log" | grep -vE "warning IL(2104|3053): Assembly '[^']+'" || true)
ours+=$'\n'$(grep -E "warning IL(2104|3053): Assembly '(Engine\.[^']*|game-sample)'" "$log" || true)
if [ -n "${ours//$'\n'/}" ]; then
  echo "error: the native publish reported trim/AOT warnings from our code:" >&2
  echo "$ours" >&2
  exit 1
fi
echo "$out/game-sample"
