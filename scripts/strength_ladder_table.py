#!/usr/bin/env python3
"""The strength ladders (issue 69) as a table: every step of every game's self-play ladder in
data/strength/ (files ladder-VARIANT-LOW-HIGH.txt written by
`scripts/strength_calibration.sh ladder`), re-counted from the referee's game lines: games,
W-L-D of the higher level, its score, the Elo difference with its 95% error bar (as the
referee computes it), and whether the step is within 200 +- 75.

    scripts/strength_ladder_table.py [DIR ...]      (default data/strength/ladder)
"""
import glob
import math
import os
import re
import sys

GAME = re.compile(r"^[Gg]ame \d+ \((\S+) vs (\S+)\): (1-0|0-1|1/2-1/2) \{(.*)\}")


def elo_of(score):
    if score <= 0.0 or score >= 1.0:
        return math.copysign(math.inf, score - 0.5)
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo(wins, draws, losses):
    """The Elo difference and the half-width of its 95% interval (match/src/stats.rs)."""
    n = max(wins + draws + losses, 1)
    s = (wins + draws / 2) / n
    variance = (wins * (1 - s) ** 2 + draws * (0.5 - s) ** 2 + losses * s ** 2) / n
    deviation = math.sqrt(variance / n)
    low, high = elo_of(s - 1.959964 * deviation), elo_of(s + 1.959964 * deviation)
    margin = (high - low) / 2
    return elo_of(s), margin if math.isfinite(margin) else math.inf


def step(path):
    name = os.path.basename(path)[len("ladder-"):-len(".txt")]
    variant, low, high = name.rsplit("-", 2)
    higher = f"Amity{high}"
    wins = draws = losses = 0
    with open(path) as text:
        for line in text:
            found = GAME.match(line)
            if not found:
                continue
            white, _, result, _ = found.groups()
            if result == "1/2-1/2":
                draws += 1
            elif (result == "1-0") == (white == higher):
                wins += 1
            else:
                losses += 1
    return variant, int(low), int(high), wins, draws, losses


def main():
    folders = sys.argv[1:] or ["data/strength/ladder"]
    print("| game | step | games | W-L-D (higher) | score | Elo (95%) | within 200 +- 75 |")
    print("| --- | --- | ---: | --- | ---: | --- | --- |")
    for folder in folders:
        for path in sorted(glob.glob(os.path.join(folder, "ladder-*-*-*.txt"))):
            variant, low, high, wins, draws, losses = step(path)
            games = wins + draws + losses
            if games == 0:
                continue
            difference, margin = elo(wins, draws, losses)
            score = (wins + draws / 2) / games
            verdict = "yes" if abs(difference - 200) <= 75 else "no"
            print(f"| {variant} | {low}-{high} | {games} | {wins}-{losses}-{draws} | "
                  f"{100 * score:.1f}% | {difference:+.0f} +- {margin:.0f} | {verdict} |")


if __name__ == "__main__":
    main()
