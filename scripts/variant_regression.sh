#!/bin/sh
# A new build against an older one in every two-sided variant both play, at a clock: the
# no-regression table of a strength change. Prints each match's summary line.
#
#   scripts/variant_regression.sh NEW OLD [games] [tc] [variants...]
#   e.g. scripts/variant_regression.sh target/release/amity /tmp/amity-old 100 10+0.1
#
# OUT names the folder for the PGNs and logs; CONCURRENCY how many games run at once (2 by
# default; 1 leaves a core free for other work).
set -eu
NEW=$1
OLD=$2
GAMES=${3:-100}
TC=${4:-10+0.1}
shift 4 2>/dev/null || shift $#
VARIANTS=${*:-moralsupport pacifist itiswhatitis gravity love booster cloakanddagger splitbrain}
OUT=${OUT:-target/variant-regression}
CONCURRENCY=${CONCURRENCY:-2}
mkdir -p "$OUT"
for variant in $VARIANTS; do
    # Split-Brain's seat referee plays one game at a time; whole teams allow concurrency.
    extra=""
    [ "$variant" = splitbrain ] && extra="--whole-teams"
    "$NEW" match --variant "$variant" --games "$GAMES" --concurrency "$CONCURRENCY" \
        --seed 35 $extra --engine cmd="$NEW" name=new --engine cmd="$OLD" name=old --each tc="$TC" \
        --pgnout "$OUT/$variant.pgn" > "$OUT/$variant.txt" 2>&1 || true
    echo "== $variant"
    grep -v '^\[' "$OUT/$variant.txt" | tail -4
done
