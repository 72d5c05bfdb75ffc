#!/usr/bin/env bash
# The crash and sharing tests, many times harder than CI runs them:
#   bash build/crash-stress.sh [KILLS] [SAVES]
# kills a saving process KILLS times (default 5000), checking after every kill that the slot loads the last
# completed save or the one before; then two native processes save SAVES times each (default 2000) to one slot while
# a third loads it throughout, checking that no save or load fails.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/build/require-dotnet.sh"
SAVE_LOOP_NATIVE="$(bash "$root/build/publish-native.sh" tests/SaveLoop/SaveLoop.csproj SaveLoop)"
export SAVE_LOOP_NATIVE
CRASH_KILLS="${1:-5000}" SHARED_SLOT_SAVES="${2:-2000}" dotnet test "$root/tests/Engine.Serialization.Tests/Engine.Serialization.Tests.csproj" -c Release -nologo \
  --filter "FullyQualifiedName~CrashDuringSaveTests|FullyQualifiedName~SharedSlotTests" --logger "console;verbosity=detailed"
