#!/bin/sh
# Amity's referee against foreign engines: Debian's stockfish and fairy-stockfish (UCI) and
# fairymax (XBoard), 10 games each in chess, and fairy-stockfish in losalamos once Amity plays
# it. Every PGN is re-read by Amity's own replay (done by `amity match` itself) and the chess
# ones by python-chess (scripts/check_pgn.py).
#
#   scripts/match_foreign.sh [games] [time control]     (defaults: 10 games, tc=5+0.05)
#
# Needs: apt-get install -y stockfish fairy-stockfish fairymax; pip install chess.
set -eu
cd "$(dirname "$0")/.."
GAMES=${1:-10}
TC=${2:-5+0.05}
OUT=${OUT:-target/match-foreign}
mkdir -p "$OUT"
find_engine() {
    command -v "$1" 2>/dev/null || { [ -x "/usr/games/$1" ] && echo "/usr/games/$1"; } || {
        echo "missing $1: apt-get install -y $1" >&2
        exit 1
    }
}
STOCKFISH=$(find_engine stockfish)
FAIRY=$(find_engine fairy-stockfish)
FAIRYMAX=$(find_engine fairymax)
python3 -c "import chess" 2>/dev/null || pip install chess
cargo build --release --quiet
AMITY=target/release/amity

run() { # name variant engine settings...
    name=$1 variant=$2
    shift 2
    echo "== $name ($variant, $GAMES games, tc=$TC)"
    "$AMITY" match --variant "$variant" --games "$GAMES" --concurrency 2 --each "tc=$TC" \
        --engine cmd=amity name=Amity "$@" --pgnout "$OUT/$name.pgn" | grep -v '^\['
}

run stockfish chess --engine "cmd=$STOCKFISH" name=Stockfish option.Hash=16
run fairy-stockfish chess --engine "cmd=$FAIRY" name=Fairy-Stockfish option.Hash=16
run fairymax chess --engine "cmd=$FAIRYMAX" name=Fairy-Max proto=xboard
scripts/check_pgn.py "$OUT/stockfish.pgn" "$OUT/fairy-stockfish.pgn" "$OUT/fairymax.pgn"

if "$AMITY" match --variant losalamos --games 0 >/dev/null 2>&1; then
    run fairy-stockfish-losalamos losalamos --engine "cmd=$FAIRY" name=Fairy-Stockfish option.Hash=16
    "$AMITY" replay "$OUT/fairy-stockfish-losalamos.pgn"
else
    echo "== losalamos: not registered in this build of Amity; skipped"
fi
