#!/bin/sh
# Perft speed of file-defined games (docs/variants/file.md, "Speed"): file-defined chess
# against the built-in chess, and three file-defined games against Fairy-Stockfish's built-in
# ones, in one run on one machine (the best of three runs each, milliseconds).
#   scripts/file_speed.sh [DEPTH]        (default 5; chess is also timed at DEPTH + 1)
# Needs Fairy-Stockfish (Debian: apt-get install fairy-stockfish; or FAIRY=path).
# AMITY=path uses that binary instead of building one.
set -eu
cd "$(dirname "$0")/.."
DEPTH=${1:-5}
FAIRY=${FAIRY:-/usr/games/fairy-stockfish}
if [ -z "${AMITY:-}" ]; then
    cargo build --profile quick --quiet
    AMITY=${CARGO_TARGET_DIR:-target}/quick/amity
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# Twins of the shipped games that Amity reads from a file: chess's is not its built-in rules.
printf '[filechess:chess]\n[filemakruk:makruk]\n[fileantichess:antichess]\n[filebreakthrough:breakthrough]\n' \
    > "$WORK/twin.ini"

now_ms() { date +%s%N | cut -c1-13; }

# Amity's own timing of `go perft` (milliseconds), for VARIANT at DEPTH; with a file.
amity_ms() {
    variant=$1 depth=$2 file=${3:-}
    {
        [ -n "$file" ] && echo "setoption name VariantPath value $file"
        echo "setoption name UCI_Variant value $variant"
        echo "position startpos"
        echo "go perft $depth"
        # Wait for the count before quitting, which would stop it.
        while [ ! -s "$WORK/done" ]; do sleep 0.1; done
        echo quit
    } | "$AMITY" 2>&1 | tee "$WORK/out" | while read -r line; do
        case $line in *"perft $depth took"*) echo "$line" > "$WORK/done" ;; esac
    done
    rm -f "$WORK/done"
    sed -n 's/^Nodes searched: //p' "$WORK/out" > "$WORK/nodes-amity"
    sed -n "s/.*perft $depth took \([0-9]*\) ms.*/\1/p" "$WORK/out"
}

# Fairy-Stockfish's `go perft` for VARIANT at DEPTH, the process included (milliseconds).
fairy_ms() {
    start=$(now_ms)
    printf 'setoption name UCI_Variant value %s\nposition startpos\ngo perft %s\nquit\n' "$1" "$2" |
        "$FAIRY" 2>&1 | sed -n 's/^Nodes searched: //p' > "$WORK/nodes-fairy"
    echo $(($(now_ms) - start))
}

# The two counts must agree, or the times compare different work.
same_nodes() {
    if [ "$(cat "$WORK/nodes-amity")" != "$(cat "$WORK/nodes-fairy")" ]; then
        echo "$1: Amity counted $(cat "$WORK/nodes-amity"), Fairy-Stockfish $(cat "$WORK/nodes-fairy")" >&2
        exit 1
    fi
    cat "$WORK/nodes-amity"
}

best() {
    low=""
    for _ in 1 2 3; do
        ms=$("$@")
        if [ -z "$low" ] || [ "$ms" -lt "$low" ]; then low=$ms; fi
    done
    echo "$low"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / (b > 0 ? b : 1) }'; }

echo "| game | depth | nodes | Amity built-in (ms) | Amity from the file (ms) | file / built-in | Fairy-Stockfish (ms) | file / Fairy-Stockfish |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for depth in "$DEPTH" $((DEPTH + 1)); do
    built=$(best amity_ms chess "$depth")
    file=$(best amity_ms filechess "$depth" "$WORK/twin.ini")
    fairy=$(best fairy_ms chess "$depth")
    nodes=$(same_nodes chess)
    echo "| chess | $depth | $nodes | $built | $file | $(ratio "$file" "$built") | $fairy | $(ratio "$file" "$fairy") |"
done
for game in makruk antichess breakthrough; do
    file=$(best amity_ms "file$game" "$DEPTH" "$WORK/twin.ini")
    fairy=$(best fairy_ms "$game" "$DEPTH")
    nodes=$(same_nodes "$game")
    echo "| $game | $DEPTH | $nodes | | $file | | $fairy | $(ratio "$file" "$fairy") |"
done
