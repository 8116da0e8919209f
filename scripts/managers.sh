#!/bin/sh
# Amity under the two tournament managers engine testers use (issue 69): fastchess plays chess
# and Chess960 against Stockfish, cutechess-cli plays Los Alamos against Fairy-Stockfish, all
# at 10+0.1 with crash recovery off. Fails (non-zero exit) unless every game ends by the rules
# or by adjudication with no time forfeit, no illegal move and no disconnection or crash.
#
#   scripts/managers.sh [chess games] [chess960 games] [losalamos games]   (default 4 4 2)
#
# Counts may also come from CHESS_GAMES, CHESS960_GAMES, LOSALAMOS_GAMES; each is played in
# pairs (one opening, colours swapped), so an odd count is rounded up; 0 skips that series
# and the manager it needs. The issue's full run is `scripts/managers.sh 40 40 20`.
#
# The managers are built from the source tarballs in ../shared/tools/ (from the repository's
# root; MANAGER_TOOLS=dir names another folder) into target/managers/, once: fastchess with
# make, cutechess-cli with CMake and Qt 6 (installed here by apt-get when missing). Openings:
# seeded books of 4 random plies (chess) and of Chess960 start arrangements in Shredder-FEN
# (scripts/manager_books.py, SEED, default 2026). Games, logs and books go to OUT (default
# target/managers/run). Other settings: AMITY (default: a `cargo build --profile quick`),
# STOCKFISH, FAIRY (default /usr/games/...), TC (10+0.1), CONCURRENCY (1 game at a time).
set -eu
cd "$(dirname "$0")/.."
ROOT=$(pwd)
CHESS_GAMES=${1:-${CHESS_GAMES:-4}}
CHESS960_GAMES=${2:-${CHESS960_GAMES:-4}}
LOSALAMOS_GAMES=${3:-${LOSALAMOS_GAMES:-2}}
TOOLS=${MANAGER_TOOLS:-../shared/tools}
BUILD=target/managers
OUT=${OUT:-$BUILD/run}
TC=${TC:-10+0.1}
SEED=${SEED:-2026}
CONCURRENCY=${CONCURRENCY:-1}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
FAIRY=${FAIRY:-/usr/games/fairy-stockfish}
mkdir -p "$BUILD" "$OUT"
OUT=$(realpath "$OUT")

as_root() { # apt-get as root, or through sudo
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

tarball() { # the one source tarball of a tool
    found=$(ls "$TOOLS"/"$1"-*.tar.gz 2>/dev/null | head -n 1)
    [ -n "$found" ] || {
        echo "no $1-*.tar.gz in $TOOLS (set MANAGER_TOOLS)" >&2
        exit 1
    }
    echo "$found"
}

build_fastchess() {
    [ -x "$BUILD/fastchess/fastchess" ] && return
    source=$(tarball fastchess)
    echo "== building fastchess from $source"
    rm -rf "$BUILD/fastchess"
    tar xzf "$source" -C "$BUILD"
    make -C "$BUILD/fastchess" -j2 build=release > "$BUILD/fastchess-build.log" 2>&1 || {
        tail -n 30 "$BUILD/fastchess-build.log" >&2
        exit 1
    }
}

build_cutechess() {
    [ -x "$BUILD/cutechess-build/cutechess-cli" ] && return
    packages="qt6-base-dev qt6-svg-dev libgl-dev cmake"
    # shellcheck disable=SC2086 # the packages are separate words
    if ! dpkg -s $packages > /dev/null 2>&1; then
        as_root apt-get update -qq && as_root apt-get install -y -qq $packages
    fi
    source=$(tarball cutechess)
    echo "== building cutechess-cli from $source"
    rm -rf "$BUILD/cutechess" "$BUILD/cutechess-build"
    tar xzf "$source" -C "$BUILD"
    {
        cmake -S "$BUILD/cutechess" -B "$BUILD/cutechess-build" -DCMAKE_BUILD_TYPE=Release &&
            make -C "$BUILD/cutechess-build" -j2 cli
    } > "$BUILD/cutechess-build.log" 2>&1 || {
        tail -n 30 "$BUILD/cutechess-build.log" >&2
        exit 1
    }
}

for engine in "$STOCKFISH" "$FAIRY"; do
    [ -x "$engine" ] || {
        echo "missing $engine: apt-get install -y stockfish fairy-stockfish" >&2
        exit 1
    }
done
python3 -c "import chess" 2> /dev/null || python3 -m pip install -q chess ||
    python3 -m pip install -q --break-system-packages chess
if [ -z "${AMITY:-}" ]; then
    cargo build --profile quick --quiet --bin amity
    AMITY=${CARGO_TARGET_DIR:-target}/quick/amity
fi
AMITY=$(realpath "$AMITY")
pairs() { echo $((($1 + 1) / 2)); }
failed=0

fastchess_series() { # name games variant book-kind
    name=$1 rounds=$(pairs "$2")
    python3 scripts/manager_books.py "$4" "$OUT/$name.epd" "$rounds" "$SEED"
    rm -f "$OUT/$name.pgn"
    echo "== fastchess: $name, $((2 * rounds)) games, Amity vs Stockfish, tc=$TC"
    # No -recover: a crash or a stall ends the tournament (and fails the count below).
    # fastchess saves its state (config.json) where it runs: in OUT, not the repository.
    (cd "$OUT" && "$FASTCHESS" -variant "$3" \
        -engine cmd="$AMITY" name=Amity \
        -engine cmd="$STOCKFISH" name=Stockfish option.Hash=16 \
        -each tc="$TC" option.Threads=1 \
        -openings file="$OUT/$name.epd" format=epd order=sequential \
        -rounds "$rounds" -games 2 -concurrency "$CONCURRENCY" \
        -pgnout file="$OUT/$name.pgn" append=false \
        -log file="$OUT/$name-engines.log" level=info engine=true append=false \
        > "$OUT/$name.out" 2>&1) || echo "fastchess exited with status $?" >> "$OUT/$name.out"
    python3 scripts/manager_results.py "fastchess $name" $((2 * rounds)) Amity \
        "$OUT/$name.pgn" "$OUT/$name.out" || failed=1
    # An independent reader: python-chess replays every move and checks how each game ended.
    python3 scripts/check_pgn.py "$OUT/$name.pgn" || failed=1
    # Whose clock was short: each engine's closest moves, from the log's time stamps.
    python3 scripts/manager_clock.py "$OUT/$name-engines.log"
}

if [ "$CHESS_GAMES" -gt 0 ] || [ "$CHESS960_GAMES" -gt 0 ]; then
    build_fastchess
    FASTCHESS=$ROOT/$BUILD/fastchess/fastchess
    # fastchess's own UCI compliance check of Amity, before any game.
    "$FASTCHESS" --compliance "$AMITY" > "$OUT/compliance.out" 2>&1 || {
        cat "$OUT/compliance.out"
        failed=1
    }
    [ "$CHESS_GAMES" -gt 0 ] && fastchess_series chess "$CHESS_GAMES" standard chess
    [ "$CHESS960_GAMES" -gt 0 ] && fastchess_series chess960 "$CHESS960_GAMES" fischerandom chess960
fi

if [ "$LOSALAMOS_GAMES" -gt 0 ]; then
    build_cutechess
    rounds=$(pairs "$LOSALAMOS_GAMES")
    rm -f "$OUT/losalamos.pgn"
    echo "== cutechess-cli: losalamos, $((2 * rounds)) games, Amity vs Fairy-Stockfish, tc=$TC"
    # cutechess-cli recovers crashed engines only when told (-recover): not told here.
    "$BUILD/cutechess-build/cutechess-cli" -variant losalamos \
        -engine cmd="$AMITY" name=Amity proto=uci \
        -engine cmd="$FAIRY" name=Fairy-Stockfish proto=uci option.Hash=16 \
        -each tc="$TC" option.Threads=1 \
        -rounds "$rounds" -games 2 -repeat -concurrency "$CONCURRENCY" \
        -pgnout "$OUT/losalamos.pgn" \
        > "$OUT/losalamos.out" 2>&1 || echo "cutechess-cli exited with status $?" >> "$OUT/losalamos.out"
    python3 scripts/manager_results.py "cutechess-cli losalamos" $((2 * rounds)) Amity \
        "$OUT/losalamos.pgn" "$OUT/losalamos.out" || failed=1
    # Amity's own referee replays every move of the manager's record.
    "$AMITY" replay "$OUT/losalamos.pgn" > "$OUT/losalamos.replay" 2>&1 || {
        cat "$OUT/losalamos.replay"
        failed=1
    }
fi

if [ "$failed" = 0 ]; then
    echo "managers: every game ended by the rules or adjudication; no forfeit, illegal move or crash"
else
    echo "managers: FAILED (games, logs and PGNs in $OUT)" >&2
fi
exit "$failed"
