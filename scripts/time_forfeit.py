#!/usr/bin/env python3
"""Time-forfeit check: Amity plays itself at a fast control (default 200 games at 1 s + 10 ms)
with the script keeping the clocks; any move that overruns its clock is a forfeit. Prints the
number of forfeits, illegal moves and engine errors (all should be 0).

Usage: scripts/time_forfeit.py [--games 200] [--tc 1+0.01] [--engine target/release/amity]
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from amity_match import OPENINGS, open_engine, parse_tc, play_game  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/amity")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--tc", default="1+0.01")
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    tc = parse_tc(args.tc)
    first = open_engine(args.engine, args.threads)
    second = open_engine(args.engine, args.threads)
    forfeits = errors = 0
    results = {1.0: 0, 0.5: 0, 0.0: 0}
    try:
        for game in range(args.games):
            opening = OPENINGS[(game // 2) % len(OPENINGS)]
            white, black = (first, second) if game % 2 == 0 else (second, first)
            score, how, board = play_game(white, black, opening, tc)
            results[score] += 1
            if how == "time forfeit":
                forfeits += 1
            if how.startswith(("engine error", "illegal")):
                errors += 1
            print(f"game {game + 1:3}/{args.games}: {score} ({how}, {board.ply()} plies)"
                  f"  forfeits {forfeits} errors {errors}", flush=True)
    finally:
        first.quit()
        second.quit()
    print(f"\n{args.games} games at {args.tc}: white wins {results[1.0]}, draws {results[0.5]}, "
          f"black wins {results[0.0]}; time forfeits {forfeits}, illegal/errors {errors}")
    sys.exit(0 if forfeits == 0 and errors == 0 else 1)


if __name__ == "__main__":
    main()
