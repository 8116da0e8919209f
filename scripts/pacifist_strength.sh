#!/bin/sh
# Pacifist Chess strength check: Amity at a deeper fixed depth against Amity at a shallower one,
# each random opening played twice with colours swapped, so the colours alternate. The issue's
# target: depth 6 scores at least 80% against depth 3 over 40 games under measure `count`.
#
#   scripts/pacifist_strength.sh [games] [strong depth] [weak depth] [measure]
#   (defaults: 40 6 3 count)
#
# Games still running after MAX_PLIES plies (default 400) are adjudicated drawn; the PGN goes to
# target/pacifist-strength/<measure>.pgn and is re-read and replayed by Amity's own reader.
set -eu
cd "$(dirname "$0")/.."
GAMES=${1:-40}
STRONG=${2:-6}
WEAK=${3:-3}
MEASURE=${4:-count}
MAX_PLIES=${MAX_PLIES:-400}
OUT=${OUT:-target/pacifist-strength}
mkdir -p "$OUT"
cargo build --release --quiet
AMITY=target/release/amity
"$AMITY" match --variant pacifist --games "$GAMES" --concurrency "${CONCURRENCY:-1}" \
    --option "PacifistMeasure=$MEASURE" \
    --engine cmd=amity name="depth$STRONG" "depth=$STRONG" \
    --engine cmd=amity name="depth$WEAK" "depth=$WEAK" \
    --max-plies "$MAX_PLIES" --pgnout "$OUT/$MEASURE.pgn" | grep -v '^\['
