#!/usr/bin/env bash
# Memory of a long `amity match`: chess at 2+0.02, one game at a time, for MINUTES minutes;
# once a minute the games finished and the resident memory (kB) of the match process and of
# its two engines go to a CSV. A flat column after the first minutes (when the schedule and
# openings for --games are made) is what a bounded referee shows.
#
# Usage: scripts/match_memory.sh [MINUTES] [OUT_CSV]   (defaults: 60, data/memory/long-match.csv)
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-60}
out=${2:-data/memory/long-match.csv}
amity=${AMITY_BIN:-target/release/amity}
if [[ -z "${AMITY_BIN:-}" ]]; then
  cargo build --release --quiet
fi
work=$(mktemp -d)
mkdir -p "$(dirname "$out")"
echo "minute,games,match_rss_kb,engine_rss_kb" > "$out"
"$amity" match --variant chess --games 100000 --each tc=2+0.02 \
  --engine cmd="$amity" name=A --engine cmd="$amity" name=B \
  --pgnout "$work/games.pgn" > "$work/match.log" 2>&1 &
pid=$!
rss() { awk '/VmRSS/ {print $2}' "/proc/$1/status" 2>/dev/null || true; }
for minute in $(seq 0 "$minutes"); do
  engines=0
  for child in $(pgrep -P "$pid" || true); do
    engines=$((engines + $(rss "$child")))
  done
  games=$(grep -c '^\[Event' "$work/games.pgn" 2>/dev/null || true)
  echo "$minute,${games:-0},$(rss "$pid"),$engines" >> "$out"
  [[ $minute == "$minutes" ]] || sleep 60
done
kill "$pid"
rm -rf "$work"
