#!/usr/bin/env bash
# Installs what NativeAOT needs on Linux when it is missing: a C toolchain (clang, or gcc) and zlib1g-dev.
set -euo pipefail

missing=()
command -v clang >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1 || missing+=(clang)
dpkg -s zlib1g-dev >/dev/null 2>&1 || missing+=(zlib1g-dev)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "installing ${missing[*]} for NativeAOT" >&2
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
