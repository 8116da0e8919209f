#!/bin/sh
# Cloak and Dagger strength (issue 29): Amity against the baseline player (uniform belief over
# the 960 arrangements, never guesses, never uncloaks) and against Amity deciding from one
# sampled world, 200 games each at equal time (0.1 s a decision), deals from --seed.
# Usage: scripts/cloakanddagger_strength.sh [games] [seconds-per-decision]
set -e
games=${1:-200}
st=${2:-0.1}
cargo build --profile quick
amity=target/quick/amity
out=${TMPDIR:-/tmp}/cloakanddagger-strength
mkdir -p "$out"
cp "$amity" "$out/amity"
"$out/amity" match --variant cloakanddagger \
    --engine cmd="$out/amity" name=Amity \
    --engine cmd="$out/amity" name=Baseline option.BaselinePolicy=true \
    --each st="$st" --games "$games" --max-plies 600 --seed 29 \
    --pgnout "$out/baseline.pgn" | tail -6
"$out/amity" match --variant cloakanddagger \
    --engine cmd="$out/amity" name=Amity \
    --engine cmd="$out/amity" name=OneWorld option.Samples=1 \
    --each st="$st" --games "$games" --max-plies 600 --seed 29 \
    --pgnout "$out/oneworld.pgn" | tail -6
