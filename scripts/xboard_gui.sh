#!/usr/bin/env bash
# A real XBoard (Debian package `xboard`) runs headless under Xvfb with Amity playing itself
# (-fcp/-scp), one game per variant, and takes a screenshot of the final board of each.
# XBoard referees `normal` (chess) itself; every other variant is engine-defined (Amity sends
# `setup`), so XBoard runs with -testLegality false and takes the result from Amity's claim.
#
# Usage: scripts/xboard_gui.sh [variant ...]    (XBoard names; default: every variant Amity
#        announces in its `feature variants=...`). Output: target/xboard-gui/<variant>.png,
#        .pgn and .debug (XBoard's log of the engine conversation). Needs xboard, xvfb and
#        imagemagick: apt-get install -y xboard xvfb imagemagick
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$ROOT/target/xboard-gui"
AMITY="$ROOT/target/release/amity"
XBOARD="${XBOARD:-/usr/games/xboard}"
GAME_TIMEOUT="${GAME_TIMEOUT:-900}"   # seconds one game may take
# TC (minutes) and INC (seconds): the clock of each side (default 1 minute + 1 second);
# ST (seconds): a fixed time per move instead (XBoard's -searchTime)
DISPLAY_NUMBER="${DISPLAY_NUMBER:-93}"

for tool in "$XBOARD" Xvfb import; do
    command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install -y xboard xvfb imagemagick)"; exit 2; }
done
(cd "$ROOT" && cargo build --release -q)
mkdir -p "$OUT"

if [ $# -gt 0 ]; then
    variants=("$@")
else
    list=$(printf 'xboard\nprotover 2\nquit\n' | "$AMITY" | sed -n 's/.*variants="\([^"]*\)".*/\1/p')
    IFS=',' read -r -a variants <<< "$list"
fi

Xvfb ":$DISPLAY_NUMBER" -screen 0 1024x768x24 >/dev/null 2>&1 &
xvfb_pid=$!
xboard_pid=""
cleanup() {
    [ -n "$xboard_pid" ] && kill "$xboard_pid" 2>/dev/null || true
    kill "$xvfb_pid" 2>/dev/null || true
}
trap cleanup EXIT
sleep 1

failures=0
for variant in "${variants[@]}"; do
    pgn="$OUT/$variant.pgn"; debug="$OUT/$variant.debug"; shot="$OUT/$variant.png"
    rm -f "$pgn" "$debug" "$shot"
    legality=true
    [ "$variant" != normal ] && legality=false
    if [ -n "${ST:-}" ]; then clock=(-searchTime "$ST"); else clock=(-tc "${TC:-1}" -inc "${INC:-1}"); fi
    echo "== $variant (testLegality $legality, ${clock[*]})"
    DISPLAY=":$DISPLAY_NUMBER" "$XBOARD" \
        -fcp "$AMITY" -fd "$OUT" -scp "$AMITY" -sd "$OUT" \
        -variant "$variant" -testLegality "$legality" \
        "${clock[@]}" -initialMode TwoMachines \
        -saveGameFile "$pgn" -debugMode true -nameOfDebugFile "$debug" \
        -popupExitMessage false -autoCallFlag true \
        >"$OUT/$variant.stderr" 2>&1 &
    xboard_pid=$!
    result=""
    for _ in $(seq "$GAME_TIMEOUT"); do
        sleep 1
        if [ -f "$pgn" ]; then
            result=$(sed -n 's/^\[Result "\(.*\)"\]/\1/p' "$pgn")
            [ -n "$result" ] && [ "$result" != "*" ] && break
        fi
        # A game claimed before its first move is not saved as PGN: read the claim XBoard
        # relays to the engines instead.
        claimed=$(sed -n 's/^[0-9]* >first : result \(1-0\|0-1\|1\/2-1\/2\) .*/\1/p' "$debug" 2>/dev/null | head -1)
        [ -n "$claimed" ] && { result=$claimed; break; }
        kill -0 "$xboard_pid" 2>/dev/null || break
    done
    sleep 1
    DISPLAY=":$DISPLAY_NUMBER" import -window root "$shot"
    kill "$xboard_pid" 2>/dev/null || true
    wait "$xboard_pid" 2>/dev/null || true
    xboard_pid=""
    ending=$(grep -o '{[^}]*} *\(1-0\|0-1\|1/2-1/2\)' "$pgn" 2>/dev/null | tail -1 || true)
    [ -z "$ending" ] && ending=$(sed -n 's/^[0-9]* >first : result //p' "$debug" 2>/dev/null | head -1)
    plies=$(grep -c '^[0-9]* >first : usermove\|^[0-9]* >second: usermove' "$debug" 2>/dev/null || true)
    case "$result" in
        1-0|0-1|1/2-1/2) echo "   result $result $ending after $plies moves; screenshot $shot" ;;
        *) echo "   FAILED: no result after ${GAME_TIMEOUT}s (see $debug)"; failures=$((failures + 1)) ;;
    esac
    if grep -q 'Illegal move\|Error (' "$debug" 2>/dev/null; then
        echo "   FAILED: the engines reported errors:"; grep 'Illegal move\|Error (' "$debug" | head -5
        failures=$((failures + 1))
    fi
done
[ "$failures" -eq 0 ] && echo "xboard gui check: OK" || { echo "xboard gui check: $failures failure(s)"; exit 1; }
