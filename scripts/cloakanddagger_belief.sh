#!/bin/sh
# Cloak and Dagger: does weighing the opponent's arrangements by its decisions predict the
# identities of its cloaked checkers better than the uniform belief? Self-play at a fixed node
# count (the machine's load does not change the games); the temperature is fitted on the
# training games (seed 1) and judged on held-out games (seed 2). Raw rows in data/belief/.
# Usage: scripts/cloakanddagger_belief.sh [training games] [held-out games] [nodes]
set -e
train=${1:-24}
held=${2:-24}
nodes=${3:-1000}
temperatures=25,50,100,200,400
cargo build --profile quick -p amity-variants --features examples --example cloakanddagger_belief
run=${CARGO_TARGET_DIR:-target}/quick/examples/cloakanddagger_belief
mkdir -p data/belief
"$run" "$train" 1 "$nodes" "$temperatures" 0.05 > data/belief/train.csv
"$run" "$held" 2 "$nodes" "$temperatures" 0.05 > data/belief/held-out.csv
python3 scripts/belief_logloss.py data/belief/train.csv data/belief/held-out.csv
