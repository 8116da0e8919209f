#!/usr/bin/env python3
"""One step of a strength ladder for a game without an opponent: a solitaire (Parade,
Neighbour) or a cooperative game (Secret Chesswords, where two partners score as a team).

Two levels of a self-play ladder cannot meet over one board in such a game, so they play
duplicate, as bridge clubs compare tables: the same deals are played once wholly at the lower
level (every seat) and once wholly at the higher one, and each deal is a game between them that
the higher score wins (the record's `Score` tag for a solitaire, `TeamScore` for Chesswords);
equal scores are a draw. The Elo and its 95% error come from that score exactly as for a
two-player match (docs/strength-levels.md).

Both runs are `amity match --no-repeat` with one seed, so deal i is the same in both (checked
by the records' FEN). Each level keeps to its node budget and the clock (600+10) never binds,
so the result does not depend on the machine's load.

    scripts/duplicate_ladder.py VARIANT LOW HIGH [--deals 200] [--seed 2026]
                                [--amity BINARY] [--out data/strength/duplicate]
"""

import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from strength_ladder_table import elo  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCORE_TAGS = ("Score", "TeamScore")


def play(amity, variant, level, deals, seed, pgn):
    """Plays `deals` deals of `variant` with every seat at `level`, into `pgn`."""
    engine = [f"cmd={amity}", "option.UCI_LimitStrength=true", f"option.UCI_Elo={level}"]
    command = [amity, "match", "--variant", variant, "--games", str(deals), "--no-repeat",
               "--seed", str(seed), "--each", "tc=600+10",
               "--engine", *engine, f"name=Amity{level}a",
               "--engine", *engine, f"name=Amity{level}b",
               "--pgnout", pgn]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL)


def records(pgn):
    """Each game's number, FEN and score, from a PGN file's tags."""
    games, tags = [], {}
    with open(pgn, encoding="utf-8") as text:
        for line in text:
            found = re.match(r'\[(\w+) "(.*)"\]', line)
            if found:
                if found.group(1) == "Event" and tags:
                    games.append(tags)
                    tags = {}
                tags[found.group(1)] = found.group(2)
    if tags:
        games.append(tags)
    out = {}
    for tags in games:
        score = next((tags[name] for name in SCORE_TAGS if name in tags), None)
        if score is None:
            sys.exit(f"{pgn}: game {tags.get('GameNumber')} has no score tag")
        out[int(tags["GameNumber"])] = (tags.get("FEN"), int(score))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("low", type=int)
    parser.add_argument("high", type=int)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--amity", default=os.path.join(ROOT, "target", "release", "amity"))
    parser.add_argument("--out", default=os.path.join(ROOT, "data", "strength", "duplicate"))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    pgn = {level: os.path.join(args.out, f"duplicate-{args.variant}-{level}-seed{args.seed}.pgn")
           for level in (args.low, args.high)}
    # A level already played with these deals (another step shares it) is read, not replayed.
    running = [play(args.amity, args.variant, level, args.deals, args.seed, path)
               for level, path in pgn.items()
               if not os.path.exists(path) or len(records(path)) < args.deals]
    for process in running:
        if process.wait() != 0:
            sys.exit(f"amity match failed ({process.args})")
    low, high = records(pgn[args.low]), records(pgn[args.high])
    wins = losses = draws = 0
    for number in range(1, args.deals + 1):
        (low_fen, low_score), (high_fen, high_score) = low[number], high[number]
        if low_fen != high_fen:
            sys.exit(f"deal {number} differs between the levels: {low_fen} / {high_fen}")
        if high_score > low_score:
            wins += 1
        elif high_score < low_score:
            losses += 1
        else:
            draws += 1
    mean = {level: sum(games[n][1] for n in range(1, args.deals + 1)) / args.deals
            for level, games in ((args.low, low), (args.high, high))}
    score = (wins + draws / 2) / args.deals
    difference, margin = elo(wins, draws, losses)
    print(f"{args.variant} {args.low}-{args.high}, {args.deals} deals (seed {args.seed}): "
          f"mean score {mean[args.low]:.2f} at {args.low}, {mean[args.high]:.2f} at {args.high}; "
          f"W-L-D (higher) {wins}-{losses}-{draws}, {100 * score:.1f}%, "
          f"Elo {difference:+.0f} +- {margin:.0f}")


if __name__ == "__main__":
    main()
