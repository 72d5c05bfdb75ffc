#!/usr/bin/env bash
# Installs what NativeAOT needs on Linux when it is missing: a C toolchain (clang, or gcc) and zlib1g-dev.
set -euo pipefail
here="$(dirname "$0")"
if command -v clang >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1; then
  bash "$here/apt-install.sh" zlib1g-dev
else
  bash "$here/apt-install.sh" clang zlib1g-dev
fi
