#!/usr/bin/env bash
# Soak test: Amity plays itself in every one of its games at a fast time control through
# `amity match --concurrency 2`, the referee that keeps each seat's secrets, and the table
# counts how the games ended. Two-player games are played with clocks; Booster and Cloak and
# Dagger through the secret-keeping referee, each engine seeing only its view; Split-Brain
# with a process per seat (four); Secret Chesswords with both partners; Parade and
# Neighbour with one player each game. A healthy engine has only normal endings and
# adjudications: no crash ("abandoned"), no hang ("stalled connection"), no illegal decision
# ("rules infraction") and no time forfeit. Every game is written to a PGN that the match
# re-reads and replays, and `amity replay` replays again, so each decision is checked twice.
#
# Usage: scripts/soak.sh [GAMES_PER_VARIANT] [TIME_CONTROL] [OUT_DIR]
#   defaults: 100 games per game (1,300 in all), tc=0.5+0.02, target/soak
# Exits non-zero if any game ended badly.
set -euo pipefail
cd "$(dirname "$0")/.."

games=${1:-100}
tc=${2:-0.5+0.02}
out=${3:-target/soak}
mkdir -p "$out"
# AMITY_BIN plays another build (e.g. the test profile's, with debug assertions on).
amity=${AMITY_BIN:-target/release/amity}
if [[ -z "${AMITY_BIN:-}" ]]; then
  cargo build --release --quiet
fi
# Every variant the engine announces for UCI_Variant (VARIANTS="a b" soaks only those).
variants=${VARIANTS:-$(echo uci | "$amity" \
  | sed -n 's/^option name UCI_Variant type combo default [a-z]* //p' | sed 's/var //g')}

printf '| variant | games | W-L-D | normal | adjudicated | time forfeit | illegal | crash | hang | minutes |\n'
printf '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n'
bad=0
for variant in $variants; do
  started=$(date +%s)
  log="$out/$variant.log"
  "$amity" match --variant "$variant" --games "$games" --concurrency 2 \
    --each tc="$tc" --engine cmd="$amity" name=A --engine cmd="$amity" name=B \
    --max-plies 400 --seed 7 --pgnout "$out/$variant.pgn" >"$log" 2>&1 || true
  minutes=$(awk -v s="$started" -v e="$(date +%s)" 'BEGIN { printf "%.1f", (e - s) / 60 }')
  # "Games played: N; terminations: normal N, time forfeit N, ..." -> the count of one kind.
  ended() {
    sed -n 's/^Games played: .*terminations: //p' "$log" | tr ',' '\n' \
      | sed -n "s/^ *$1 \([0-9]*\)$/\1/p" | head -1
  }
  played=$(sed -n 's/^Games played: \([0-9]*\).*/\1/p' "$log")
  wld=$(sed -n 's/^A vs B: \([0-9]* - [0-9]* - [0-9]*\).*/\1/p' "$log" | tr -d ' ')
  normal=$(ended normal)
  adjudicated=$(ended adjudication)
  forfeit=$(ended 'time forfeit')
  illegal=$(ended 'rules infraction')
  crash=$(ended abandoned)
  hang=$(ended 'stalled connection')
  # A match of seats (Split-Brain) lists each game as "game N (A vs B): result {reason}".
  if [[ -z "$played" ]] && grep -q '^game [0-9]* (' "$log"; then
    games_with() { grep '^game [0-9]* (' "$log" | grep -ciE "$1" || true; }
    played=$(grep -c '^game [0-9]* (' "$log")
    wld=$(sed -n 's/^A vs B: +\([0-9]*\) =\([0-9]*\) -\([0-9]*\).*/\1-\3-\2/p' "$log")
    forfeit=$(games_with 'on time'); illegal=$(games_with 'illegal')
    crash=$(games_with 'abandon|crash|exited|no engine'); hang=$(games_with 'stopped answering')
    normal=$((played - forfeit - illegal - crash - hang))
    for count in forfeit illegal crash hang; do [[ ${!count} == 0 ]] && printf -v "$count" ''; done
  fi
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$variant" "${played:-0}" \
    "${wld:-?}" "${normal:-0}" "${adjudicated:-0}" "${forfeit:-0}" "${illegal:-0}" \
    "${crash:-0}" "${hang:-0}" "$minutes"
  replayed=ok
  "$amity" replay "$out/$variant.pgn" >"$out/$variant.replay.log" 2>&1 || replayed=failed
  if [[ "${played:-0}" != "$games" || -n "${forfeit}${illegal}${crash}${hang}" ]] \
    || ! grep -q '^PGN check: .* replayed legally' "$log" || [[ $replayed != ok ]]; then
    bad=1
    echo "  ^ see $log" >&2
  fi
done
exit $bad
