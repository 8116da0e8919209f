#!/bin/sh
# Strength levels (issue 69): Amity at UCI_Elo N against Stockfish at its own UCI_Elo N, chess
# at 10+0.1, from random balanced openings (8 random plies kept when a short search scores them
# within 80 centipawns), each played twice with colours swapped. The plan, fixed before
# playing: 100 games at 1500 against 1500 and 100 at 2000 against 2000 (seed 2026), the two
# matches side by side, one game at a time each. Results (PGN and the referee's table) go to
# data/strength/; docs/strength-levels.md summarises them.
#
#   scripts/strength_calibration.sh [amity elo] [stockfish elo] [games] [seed]
#   (with no arguments: both planned matches, side by side)
#   scripts/strength_calibration.sh ladder [variant]
#   (a self-play ladder for a game without a reference engine, default losalamos: Amity at
#   1500, 1700 and 1900 round robin, 40 games a pair at 5+0.05, seed 2026)
#
# Needs Stockfish with UCI_LimitStrength (Debian: apt-get install stockfish, /usr/games/stockfish;
# or STOCKFISH=path). AMITY=path uses that binary instead of building one.
set -eu
cd "$(dirname "$0")/.."
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
OUT=${OUT:-data/strength}
mkdir -p "$OUT"
if [ -z "${AMITY:-}" ]; then
    cargo build --profile quick --quiet
    AMITY=${CARGO_TARGET_DIR:-target}/quick/amity
fi

play() {
    name="amity$1-stockfish$2"
    "$AMITY" match --games "$3" --seed "$4" --random-plies 8 --each tc=10+0.1 \
        --engine cmd="$AMITY" name="Amity$1" option.UCI_LimitStrength=true "option.UCI_Elo=$1" \
        --engine cmd="$STOCKFISH" name="Stockfish$2" option.UCI_LimitStrength=true "option.UCI_Elo=$2" \
        --pgnout "$OUT/$name.pgn" | grep -v '^\[' > "$OUT/$name.txt"
}

ladder() {
    variant=${1:-losalamos}
    engines=""
    for elo in 1500 1700 1900; do
        engines="$engines --engine cmd=$AMITY name=Amity$elo option.UCI_LimitStrength=true option.UCI_Elo=$elo"
    done
    # shellcheck disable=SC2086 # the engines are separate words
    "$AMITY" match --variant "$variant" --games 40 --seed 2026 --each tc=5+0.05 $engines \
        --pgnout "$OUT/ladder-$variant.pgn" | grep -v '^\[' > "$OUT/ladder-$variant.txt"
}

if [ "${1:-}" = ladder ]; then
    ladder "${2:-losalamos}"
elif [ $# -gt 0 ]; then
    play "$1" "${2:-$1}" "${3:-100}" "${4:-2026}"
else
    play 1500 1500 100 2026 &
    play 2000 2000 100 2026 &
    wait
fi
