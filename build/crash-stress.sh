#!/usr/bin/env bash
# Kills a saving process many more times than CI does (default 5000) and checks after every kill
# that the slot loads the last completed save or the one before:  bash build/crash-stress.sh [KILLS]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/build/require-dotnet.sh"
CRASH_KILLS="${1:-5000}" dotnet test "$root/tests/Engine.Serialization.Tests/Engine.Serialization.Tests.csproj" -c Release -nologo \
  --filter "FullyQualifiedName~CrashDuringSaveTests" --logger "console;verbosity=detailed"
