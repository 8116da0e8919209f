#!/usr/bin/env python3
"""Gravity Chess games refereed by scripts/gravity_reference.py (an implementation sharing no
code with the engine): Amity against itself, or Amity against a random player.

The script throws the flips (seeded), sends `position startpos moves ...` and `go depth N` to
Amity over UCI, and checks every turn token the engine answers with. After each game the whole
token list is replayed from the start by the reference, and by the engine, whose `d` score
lines must agree with the reference's score.

  gravity_games.py selfplay [--games 200] [--depth 2] [--seed 1] [--engine PATH]
  gravity_games.py random   [--games 100] [--depth 2] [--seed 1] [--engine PATH]

The random player picks uniformly among the legal decisions (legs and adds) at each step.
"""

import argparse
import collections
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gravity_reference import BLACK, WHITE, Game  # noqa: E402


class Amity:
    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        self.send("setoption name UCI_Variant value gravity")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine closed its output: " + "\n".join(lines))
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def check_position(self, tokens):
        self.send("position startpos moves " + " ".join(tokens))
        self.send("isready")
        errors = [l for l in self.until("readyok") if "error" in l]
        if errors:
            raise RuntimeError(f"engine refused the moves: {errors}")

    def best_turn(self, tokens, depth):
        self.check_position(tokens)
        self.send(f"go depth {depth}")
        return self.until("bestmove")[-1].split()[1]

    def scores(self, tokens):
        self.check_position(tokens)
        self.send("d")
        lines = self.until("Black score")
        found = {}
        for line in lines:
            for color, name in ((WHITE, "White score: "), (BLACK, "Black score: ")):
                if line.startswith(name):
                    found[color] = int(line[len(name):].split()[0])
        return found

    def quit(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def random_turn(game, rng):
    """Random legal decisions until the turn passes, as one token."""
    legs = []
    side = game.turn
    while game.turn == side and not game.over:
        choice = rng.choice(game.decisions())
        game.play(choice)
        legs.append(choice)
    return ",".join(legs)


def play_game(engine, players, depth, rng):
    """players[color] is 'amity' or 'random'. Returns the refereed game and its tokens."""
    game = Game()
    tokens = []
    while not game.over:
        flips = game.flips()
        if flips:
            pick = rng.randrange(sum(n for _, n in flips))
            for token, weight in flips:
                if pick < weight:
                    break
                pick -= weight
            game.play(token)
            tokens.append(token)
            continue
        if players[game.turn] == "amity":
            turn = engine.best_turn(tokens, depth)
            game.play_turn(turn)  # raises if the engine's turn is not legal and whole
        else:
            turn = random_turn(game, rng)
        tokens.append(turn)
    # The referee replays the game from its tokens; so does the engine.
    replay = Game()
    for token in tokens:
        if token.startswith("flip:"):
            replay.play(token)
        else:
            replay.play_turn(token)
    assert replay.over and replay.scores() == game.scores(), "replay differs"
    engine_scores = engine.scores(tokens)
    assert engine_scores == game.scores(), f"engine {engine_scores} vs referee {game.scores()}"
    return game, tokens


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["selfplay", "random"])
    parser.add_argument("--games", type=int)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engine", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "target", "release", "amity"))
    args = parser.parse_args()
    games = args.games or (200 if args.mode == "selfplay" else 100)
    rng = random.Random(args.seed)
    engine = Amity(args.engine)
    results = collections.Counter()
    margins = collections.Counter()
    totals = {WHITE: [], BLACK: []}
    amity_wins = 0
    for number in range(games):
        if args.mode == "selfplay":
            players = {WHITE: "amity", BLACK: "amity"}
        else:
            amity = WHITE if number % 2 == 0 else BLACK
            players = {amity: "amity", (BLACK if amity == WHITE else WHITE): "random"}
        game, tokens = play_game(engine, players, args.depth, rng)
        result = game.result()
        results[result] += 1
        scores = game.scores()
        totals[WHITE].append(scores[WHITE])
        totals[BLACK].append(scores[BLACK])
        margins[scores[WHITE] - scores[BLACK]] += 1
        if args.mode == "random":
            won = (result == "1-0") if players[WHITE] == "amity" else (result == "0-1")
            amity_wins += won
        print(f"game {number + 1}: {result} White {scores[WHITE]} Black {scores[BLACK]} "
              f"({len(tokens)} tokens)", flush=True)
    engine.quit()
    print()
    print(f"{games} games, all turns legal and whole, all replayed by the referee and the engine")
    print("results:", dict(results))
    for color, name in ((WHITE, "White"), (BLACK, "Black")):
        values = sorted(totals[color])
        print(f"{name} score: mean {sum(values) / len(values):.1f}, min {values[0]}, "
              f"median {values[len(values) // 2]}, max {values[-1]}")
    print("White minus Black:", " ".join(f"{m:+d}:{n}" for m, n in sorted(margins.items())))
    if args.mode == "random":
        print(f"Amity won {amity_wins} of {games} ({100 * amity_wins / games:.0f}%)")


if __name__ == "__main__":
    main()
