#!/usr/bin/env bash
# The whole measurement, for a quiet machine: the cold-start harness (build/coldstart.sh, 30 runs
# per case), then every BenchmarkDotNet suite, the NativeAOT cold-start job included. Writes the
# tables, CSVs, findings and chart to Benchmarks/results and rewrites README.md's result blocks.
# About 40 minutes on 2 cores.
#   bash build/benchmarks.sh                          everything
#   bash build/benchmarks.sh --filter '*Snapshot*'    only the matching suites (no harness)
#   bash build/benchmarks.sh --no-native              every suite, but no NativeAOT cold-start job
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/build/require-dotnet.sh"
bash "$root/build/native-prereqs.sh"

case " $* " in
  *" --filter "*) ;;
  *) bash "$root/build/coldstart.sh" ;;
esac

dotnet build "$root/Benchmarks/Benchmarks.csproj" -c Release -nologo -v quiet
cd "$root/Benchmarks"
dotnet bin/Release/net10.0/Benchmarks.dll --readme "$@"
