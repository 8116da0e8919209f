#!/bin/sh
# A variant's evaluation network from nothing (issue 73): self-play positions, labels from a
# stronger engine's short search, then `amity train`. These are the steps and settings that
# made the Los Alamos network of docs/variants/losalamos.md; chess's are in
# docs/variants/chess.md.
#
#   scripts/network_from_nothing.sh [VARIANT] [GAMES] [OUT]
#   (defaults: losalamos, 40000 games, target/network-VARIANT/)
#
# 1. `amity tune --epochs 0` plays GAMES self-play games at 600 nodes a move, each opened by
#    10 random plies (seed 11 unless SEED says, both cores), and keeps their positions with
#    the game's result. A position met again (same board, side to move, castling, en passant
#    and the game's own FEN fields, such as Love's couple) is kept once, the first time, so
#    the opening positions many games pass through do not weigh more; order is kept, so the
#    held-out tail is still the last games.
# 2. scripts/stockfish_labels.py relabels each position with a stronger judge's evaluation,
#    an expected score for White; mates and scores beyond 2,000 centipawns are dropped. Chess:
#    Stockfish at 1,000 nodes; Los Alamos: Fairy-Stockfish at 1,000 nodes (installed with
#    apt-get when missing); a game no other engine plays: Amity's own search at 5,000 nodes,
#    blended with the game's result (one fifth).
# 3. `amity train --on-linear --mirror --penalty 0.02` fits the network as a correction to the
#    game's tuned linear evaluation (or, where a game has none, its classical one), on every
#    position and its left-right mirror image (none for a position with castling rights or a
#    game's own FEN fields), 5% of the positions (the last games') held out; it prints the
#    held-out error.
#
# Every step writes its file into OUT and is skipped when that file is already there, so a run
# that was stopped goes on where it was: the self-play starts again, the labelling goes on
# after the last position labelled. AMITY=path uses that binary instead of building one;
# SEED=n plays other games than the default seed 11's (more data for a network made before).
set -eu
cd "$(dirname "$0")/.."
VARIANT=${1:-losalamos}
GAMES=${2:-40000}
OUT=${3:-target/network-$VARIANT}
SEED=${SEED:-11}
. scripts/network_steps.sh
mkdir -p "$OUT"
find_amity
case "$VARIANT" in
    chess) LABELLER="--nodes 1000" ;;
    losalamos) LABELLER="--nodes 1000 --variant=$VARIANT" ;;
    *) LABELLER="--nodes 5000 --variant=$VARIANT --engine $AMITY --result-weight 0.2" ;;
esac

if [ ! -s "$OUT/positions.txt" ]; then
    # Into a file of its own first: a stopped run's part of the games is not the data set.
    rm -f "$OUT/positions.tmp"
    "$AMITY" tune --variant "$VARIANT" --data "$OUT/positions.tmp" --games "$GAMES" \
        --nodes 600 --random-plies 10 --seed "$SEED" --epochs 0
    mv "$OUT/positions.tmp" "$OUT/positions.txt"
fi
if [ ! -s "$OUT/unique.txt" ]; then
    awk -F';' "$POSITION_KEY"' !seen[position_key($1)]++' \
        "$OUT/positions.txt" > "$OUT/unique.tmp"
    mv "$OUT/unique.tmp" "$OUT/unique.txt"
fi
if [ ! -s "$OUT/labelled.txt" ]; then
    python3 scripts/stockfish_labels.py "$OUT/unique.txt" "$OUT/labelled.tmp" --resume $LABELLER
    mv "$OUT/labelled.tmp" "$OUT/labelled.txt"
fi
if [ ! -s "$OUT/$VARIANT.nnue" ]; then
    train_network "$VARIANT" "$OUT/labelled.txt" "$OUT/$VARIANT.nnue"
fi
echo "network: $OUT/$VARIANT.nnue"
