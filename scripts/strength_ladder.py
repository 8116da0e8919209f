#!/usr/bin/env python3
"""Amity's strength ladder on FIDE chess: matches against Stockfish limited to UCI_Elo 1500,
2000 and 2500 (calibrated rungs), Fairy-Max and GNU Chess, from balanced openings with
alternating colours; prints score and Elo with 95% error bars per opponent.

Full run (the issue's figure, hours of machine time): scripts/strength_ladder.py --games 40
Quick check that it works:                           scripts/strength_ladder.py --games 4
Needs python-chess (pip install chess) and Debian's stockfish, fairymax, gnuchess
(apt-get install -y stockfish fairymax gnuchess).

Comparing builds: a Stockfish rung gains little from a faster machine. Its move is chosen
from its search at one fixed depth (1 + its skill level; at UCI_Elo 2500 Stockfish 15.1's level
is 13.3, so depth 14), among four candidates with some noise, and time beyond what that depth
needs does not change the choice; Amity gains from every extra ply. A slower or busier machine
lowers Amity's score against the Stockfish rungs more than it lowers Stockfish's, so a score
from another day or another load is no baseline: compare two builds in runs made side by side
(one per core, nothing else running).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from amity_match import match, parse_tc, summary_line  # noqa: E402

LADDER = ["stockfish:1500", "stockfish:2000", "stockfish:2500", "fairymax", "gnuchess"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/amity")
    parser.add_argument("--games", type=int, default=40, help="games per opponent")
    parser.add_argument("--tc", default="10+0.1")
    parser.add_argument("--opponents", default=",".join(LADDER))
    parser.add_argument("--threads", type=int, default=1,
                        help="search threads for both engines (Stockfish's limited strength too)")
    parser.add_argument("--hash", type=int, default=16, help="hash table MiB for both engines")
    parser.add_argument("--pgn", help="append every game to this PGN file")
    parser.add_argument("--first-game", type=int, default=0,
                        help="start at this game of the opening cycle (to split a run in two)")
    args = parser.parse_args()
    results = []
    for opponent in args.opponents.split(","):
        print(f"== {opponent}", flush=True)
        result = match(args.engine, opponent, args.games, parse_tc(args.tc), args.threads,
                       args.hash, log=lambda line: print(line, flush=True), pgn=args.pgn,
                       first_game=args.first_game)
        results.append(result)
        print(summary_line(result), flush=True)
    print(f"\nStrength ladder, {args.games} games per opponent at {args.tc}, "
          f"{args.threads} thread(s) and {args.hash} MiB each:")
    for result in results:
        print(summary_line(result))


if __name__ == "__main__":
    main()
