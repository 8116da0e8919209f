#!/bin/sh
# A variant's network retrained on more data (issue 73): a first round's labelled positions
# joined with a second round's, trained as scripts/network_from_nothing.sh trains, and
# measured on the first round's own held-out positions, so the two networks' held-out errors
# compare.
#
#   scripts/network_more_data.sh VARIANT FIRST SECOND OUT
#
# FIRST and SECOND are network_from_nothing.sh output folders (SECOND made with another
# SEED). The join is SECOND's positions that FIRST does not hold (same board, side to move,
# castling, en passant and the game's own FEN fields), each once, then all of FIRST: so the
# held-out tail, one twentieth of FIRST, is the positions FIRST's network was measured on.
# AMITY=path uses that binary instead of building one. Los Alamos's second network:
#   SEED=12 scripts/network_from_nothing.sh losalamos 80000 target/network-losalamos-s12
#   scripts/network_more_data.sh losalamos target/network-losalamos \
#       target/network-losalamos-s12 target/network-losalamos-2
set -eu
cd "$(dirname "$0")/.."
if [ $# -ne 4 ]; then
    echo "usage: scripts/network_more_data.sh VARIANT FIRST SECOND OUT" >&2
    exit 2
fi
VARIANT=$1
FIRST=$2/labelled.txt
SECOND=$3/labelled.txt
OUT=$4
. scripts/network_steps.sh
mkdir -p "$OUT"
find_amity
awk -F';' "$POSITION_KEY"'
    { key = position_key($1) }
    FNR == NR { first[key] = 1; next }
    !(key in first) && !seen[key]++' "$FIRST" "$SECOND" > "$OUT/labelled.tmp"
cat "$FIRST" >> "$OUT/labelled.tmp"
mv "$OUT/labelled.tmp" "$OUT/labelled.txt"
TOTAL=$(wc -l < "$OUT/labelled.txt")
HELD=$(( $(wc -l < "$FIRST") / 20 ))
# amity train holds out floor(share * total) positions: a share a half position above HELD.
SHARE=$(awk -v held="$HELD" -v total="$TOTAL" 'BEGIN { printf "%.12f", (held + 0.5) / total }')
echo "$TOTAL positions, the last $HELD held out"
train_network "$VARIANT" "$OUT/labelled.txt" "$OUT/$VARIANT.nnue" --hold-out "$SHARE"
echo "network: $OUT/$VARIANT.nnue"
