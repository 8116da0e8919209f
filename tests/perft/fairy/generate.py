#!/usr/bin/env python3
"""Writes tests/perft/fairy/<game>.perft from Fairy-Stockfish's built-in games: perft from the
start to depth 4 (5 with --deep where the oracle counts it in under a minute) and, from
twenty positions reached by seeded random play, to depth 3.

Usage: generate.py [--deep] GAME... (with /usr/games/fairy-stockfish installed). A game whose
file already counts the start to depth 5 keeps that depth, so regenerating never depends on how
loaded the machine is. The seed is the game's name: the same run writes the same file. The
counts are the oracle's; `variants/tests/games/fairy_file.rs` checks Amity's file-defined twins
against them.
"""
import random
import subprocess
import sys
import time

ORACLE = "/usr/games/fairy-stockfish"
RANDOM_POSITIONS = 20


class Oracle:
    def __init__(self, game):
        self.process = subprocess.Popen([ORACLE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name UCI_Variant value {game}")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def wait(self, prefix):
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("oracle ended")
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def perft(self, moves, depth):
        position = "position startpos" + (" moves " + " ".join(moves) if moves else "")
        self.send(position)
        self.send(f"go perft {depth}")
        lines = self.wait("Nodes searched")
        divide = [line.split(":")[0] for line in lines if ": " in line and "Nodes" not in line]
        return int(lines[-1].split(":")[1]), divide

    def close(self):
        self.send("quit")
        self.process.wait()


def counted_to_five(game):
    """Whether the game's data file already counts the start to depth 5."""
    try:
        with open(f"{sys.path[0]}/{game}.perft") as data:
            return any(line.startswith("startpos ;") and " D5 " in line for line in data)
    except FileNotFoundError:
        return False


def main():
    deep_asked = "--deep" in sys.argv[1:]
    for game in [arg for arg in sys.argv[1:] if arg != "--deep"]:
        keep_five = counted_to_five(game)
        deep = deep_asked or keep_five
        oracle = Oracle(game)
        rng = random.Random(f"amity-{game}")
        lines = [f"# {game}: perft of Fairy-Stockfish 11.1's built-in game (tests/perft/fairy/generate.py)",
                 "# position ; D<depth> <count> ...: the start, then positions after random moves"]
        counts = []
        for depth in range(1, 5):
            total, _ = oracle.perft([], depth)
            counts.append(f"D{depth} {total}")
        if deep:
            started = time.monotonic()
            total, _ = oracle.perft([], 5)
            if keep_five or time.monotonic() - started < 60:
                counts.append(f"D5 {total}")
        lines.append("startpos ; " + " ; ".join(counts))
        found = 0
        while found < RANDOM_POSITIONS:
            moves = []
            for _ in range(rng.randint(4, 40)):
                _, divide = oracle.perft(moves, 1)
                if not divide:
                    break
                moves.append(rng.choice(sorted(divide)))
            total, _ = oracle.perft(moves, 1)
            if total == 0:
                continue
            counts = [f"D{depth} {oracle.perft(moves, depth)[0]}" for depth in range(1, 4)]
            lines.append("startpos moves " + " ".join(moves) + " ; " + " ; ".join(counts))
            found += 1
        oracle.close()
        with open(f"{sys.path[0]}/{game}.perft", "w") as out:
            out.write("\n".join(lines) + "\n")
        print(game, "written")


if __name__ == "__main__":
    main()
