#!/usr/bin/env bash
# Publishes the native sample game and runs its demo.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
game="$(bash "$root/build/publish-native.sh")"
"$game" demo "$@"
