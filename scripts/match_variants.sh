#!/bin/sh
# Amity against Amity at a lower depth in every variant this build plays: 20 games each with
# concurrency 2; each PGN is re-read and replayed by Amity's own reader.
#
#   scripts/match_variants.sh [games] [strong depth] [weak depth]    (defaults: 20 5 3)
set -eu
cd "$(dirname "$0")/.."
GAMES=${1:-20}
STRONG=${2:-5}
WEAK=${3:-3}
OUT=${OUT:-target/match-variants}
mkdir -p "$OUT"
cargo build --release --quiet
AMITY=target/release/amity
# The variant list, as Amity reports it for an unknown name.
VARIANTS=$("$AMITY" match --variant '?' 2>&1 | sed -n 's/.*(known: \(.*\)).*/\1/p' | tr -d ',')
for variant in $VARIANTS; do
    echo "== $variant"
    "$AMITY" match --variant "$variant" --games "$GAMES" --concurrency 2 \
        --engine cmd=amity "depth=$STRONG" --engine cmd=amity "depth=$WEAK" \
        --pgnout "$OUT/$variant.pgn" | grep -v '^\['
    "$AMITY" replay "$OUT/$variant.pgn"
done
