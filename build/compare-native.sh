#!/usr/bin/env bash
# Before/after of two native game binaries on the same Medium saves: each format x compression is
# written once by the second binary, then both load every save N times, interleaved (A, B, A, B, ...),
# so a busy machine slows both alike. Prints the medians of each one's in-process load time
# ("load-ms", the load alone) with the spread (interquartile range) and the ratio A / B.
#   bash build/compare-native.sh OLD_GAME_SAMPLE NEW_GAME_SAMPLE [RUNS]   (default 21)
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: build/compare-native.sh OLD_GAME_SAMPLE NEW_GAME_SAMPLE [RUNS]" >&2; exit 2; }
old="$1" new="$2" runs="${3:-21}"
saves="$(mktemp -d)"
trap 'rm -rf "$saves"' EXIT

for format in messagepack xml protobuf; do
  "$new" new --size medium --format "$format" --out "$saves/$format.sav" >/dev/null
  "$new" new --size medium --format "$format" --lz4 --out "$saves/$format+lz4.sav" >/dev/null
done

stats() { # the numbers on stdin -> "median (q1-q3)"
  sort -g | awk '{ v[NR] = $1 } END { printf "%.1f (%.1f-%.1f)", v[int((NR + 1) / 2)], v[int((NR + 3) / 4)], v[int((3 * NR + 3) / 4)] }'
}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

printf '| save (Medium) | before: load ms, median (IQR) | after | before / after |\n|---|---|---|---|\n'
for save in "$saves"/*.sav; do
  : > "$saves/a" ; : > "$saves/b"
  for _ in $(seq "$runs"); do
    "$old" load "$save" --quiet | sed 's/load-ms=//' >> "$saves/a"
    "$new" load "$save" --quiet | sed 's/load-ms=//' >> "$saves/b"
  done
  ratio="$(awk -v a="$(median < "$saves/a")" -v b="$(median < "$saves/b")" 'BEGIN { printf "%.2fx", a / b }')"
  printf '| %s (%s bytes) | %s | %s | %s |\n' "$(basename "$save" .sav)" "$(stat -c %s "$save")" \
    "$(stats < "$saves/a")" "$(stats < "$saves/b")" "$ratio"
done
