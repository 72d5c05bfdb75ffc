#!/usr/bin/env bash
# Coverage-guided fuzzing of save loading, for runs longer than CI's: SharpFuzz instruments the
# libraries that read a save (ours, MessagePack, protobuf-net, LZ4), and afl-fuzz (AFL++) drives the
# harness tests/Engine.Serialization.Fuzz from a corpus of real saves in every format x compression.
# A crash is an input that escaped the SaveException family or broke the allocation or time bound.
#
#   bash build/fuzz.sh [SECONDS]   (default 600)
#
# Findings: artifacts/fuzz/afl/default/{crashes,hangs}/; replay one with
#   dotnet artifacts/fuzz/bin/save-fuzz.dll replay FILE...
# Installs what it needs: afl++ (Debian) and the SharpFuzz command-line tool (a .NET tool, into artifacts/).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-600}"
source "$root/build/require-dotnet.sh" || exit 1
bash "$root/build/apt-install.sh" afl++

work="$root/artifacts/fuzz"
tools="$work/tools"
bin="$work/bin"
corpus="$work/corpus"
findings="$work/afl"
mkdir -p "$work"

if [ ! -x "$tools/sharpfuzz" ]; then
  dotnet tool install SharpFuzz.CommandLine --version 2.3.0 --tool-path "$tools" >/dev/null
fi

# Two copies of the harness: a plain one (seeds, replays) and one whose assemblies are instrumented
# in place, which runs only under afl-fuzz (it writes coverage to afl-fuzz's shared memory).
rm -rf "$bin" "$bin-afl"
dotnet publish "$root/tests/Engine.Serialization.Fuzz" -c Release -o "$bin" -nologo -v q >/dev/null
cp -r "$bin" "$bin-afl"
for dll in Engine.Serialization MessagePack protobuf-net.Core K4os.Compression.LZ4 K4os.Compression.LZ4.Streams; do
  "$tools/sharpfuzz" "$bin-afl/$dll.dll" >/dev/null
done

rm -rf "$corpus"
dotnet "$bin/save-fuzz.dll" seed "$corpus"

# A fresh findings folder each run; -V stops after the given seconds, -t bounds one input (ms).
rm -rf "$findings"
echo "fuzzing for ${seconds}s: $(ls "$corpus" | wc -l) seed saves, findings in $findings" >&2
AFL_SKIP_BIN_CHECK=1 AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
  afl-fuzz -i "$corpus" -o "$findings" -t 5000 -m none -V "$seconds" -- dotnet "$bin-afl/save-fuzz.dll" >"$work/afl.log" 2>&1 || {
  echo "afl-fuzz failed; its output is in $work/afl.log" >&2
  tail -20 "$work/afl.log" >&2
  exit 1
}

stats="$findings/default/fuzzer_stats"
stat() { sed -nE "s/^$1 *: *(.*)$/\1/p" "$stats"; }
crashes=$(find "$findings/default/crashes" -type f -name 'id:*' | wc -l)
hangs=$(find "$findings/default/hangs" -type f -name 'id:*' | wc -l)
echo "fuzz: $(stat run_time)s, $(stat execs_done) execs ($(stat execs_per_sec)/s), corpus $(stat corpus_count), coverage $(stat bitmap_cvg), $crashes crashes, $hangs hangs" |
  tee "$work/afl-summary.txt"
if [ "$crashes" -gt 0 ] || [ "$hangs" -gt 0 ]; then
  find "$findings/default/crashes" "$findings/default/hangs" -type f -name 'id:*' -print0 |
    xargs -0 dotnet "$bin/save-fuzz.dll" replay 2>&1 | head -40 || true
  exit 1
fi
