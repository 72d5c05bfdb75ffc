#!/usr/bin/env bash
# Writes each save model's generated schemas where they are checked in: its .proto (also the record of its protobuf
# field numbers, which the generator reads back) and XSD beside the model, and its member tables (GameContent's into
# docs/FORMAT.md). Run it after changing a model, and check the files in; the tests fail while they are stale.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/build/require-dotnet.sh"
# Twice: the first pass records the field numbers, which the second build reads back; the second must change nothing.
for pass in 1 2; do
  SCHEMAS_UPDATE=1 dotnet test "$root/tests/Engine.Serialization.Tests" -c Release -nologo \
    --filter "FullyQualifiedName~GeneratedSchemasTests.CheckedIn" >/dev/null
done
git -C "$root" status --short -- '*.proto' '*.xsd' 'docs/FORMAT.md' 'tests/RpgGame/Schemas'
