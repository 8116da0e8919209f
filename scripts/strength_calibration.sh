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
#   scripts/strength_calibration.sh ladder VARIANT LOW HIGH [games] [seed]
#   (one step of a game's self-play ladder: Amity at UCI_Elo LOW against Amity at HIGH, default
#   100 games, seed 2026, random balanced openings played twice with colours swapped. Each
#   level is bound by its node budget; the clock, 120+1, is generous enough never to bind, so
#   the result does not depend on the machine's load and the match replays move for move.
#   Into data/strength/ladder-VARIANT-LOW-HIGH.{pgn,txt}; scripts/strength_ladder_table.py
#   summarises every step.)
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
        --pgnout "$OUT/$name.pgn" | grep --line-buffered -v '^\[' > "$OUT/$name.txt"
}

ladder() {
    variant=$1 low=$2 high=$3 games=${4:-100} seed=${5:-2026}
    name="ladder-$variant-$low-$high"
    "$AMITY" match --variant "$variant" --games "$games" --seed "$seed" --each tc=120+1 \
        --engine cmd="$AMITY" name="Amity$low" option.UCI_LimitStrength=true "option.UCI_Elo=$low" \
        --engine cmd="$AMITY" name="Amity$high" option.UCI_LimitStrength=true "option.UCI_Elo=$high" \
        --pgnout "$OUT/$name.pgn" | grep --line-buffered -v '^\[' > "$OUT/$name.txt"
}

if [ "${1:-}" = ladder ]; then
    shift
    ladder "$@"
elif [ $# -gt 0 ]; then
    play "$1" "${2:-$1}" "${3:-100}" "${4:-2026}"
else
    play 1500 1500 100 2026 &
    play 2000 2000 100 2026 &
    wait
fi
