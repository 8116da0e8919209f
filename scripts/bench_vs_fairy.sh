#!/bin/sh
# Search speed: Amity's `bench` nps beside Fairy-Stockfish's `bench` nps, run one after the
# other on the same machine (both single-threaded). Needs fairy-stockfish
# (apt-get install -y fairy-stockfish) and a release build (make).
set -e
AMITY=${AMITY:-target/release/amity}
FAIRY=${FAIRY:-$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)}
amity=$(echo bench | "$AMITY" | grep -E '^Nodes/second' | awk '{print $2}')
fairy=$("$FAIRY" bench 2>&1 | grep -E '^Nodes/second' | awk -F: '{gsub(/ /, "", $2); print $2}')
echo "Amity bench nps:          $amity"
echo "Fairy-Stockfish bench nps: $fairy"
awk -v a="$amity" -v f="$fairy" 'BEGIN { printf "ratio Amity/Fairy-Stockfish: %.2f\n", a / f }'
