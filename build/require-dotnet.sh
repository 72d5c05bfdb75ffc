#!/usr/bin/env bash
# Checks that the .NET SDK global.json asks for is on PATH; it is the one thing the scripts can't install.
if ! command -v dotnet >/dev/null 2>&1; then
  echo "error: the .NET 10 SDK is needed (dotnet on PATH); see global.json for the version" >&2
  exit 1
fi
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1
