#!/usr/bin/env python3
"""Self-play of CHESS with LOVE through UCI, refereed by this script, then replayed.

Amity plays both sides on a fast clock. Whenever a couple must be chosen, the engine to move
throws for itself (seeded by the Seed option, a different seed per game) and announces the
throw in an `info string throw roll:...` line; the script writes that token into the move list
right before the move, as the protocol wants. Each finished game is then replayed from its
token list by a fresh engine process, which must accept every token and reach the same final
position and result. The distribution of endings is printed at the end (and written as CSV).

Usage: python3 scripts/love_selfplay.py [--games 200] [--base-ms 1000] [--inc-ms 20]
                                        [--max-plies 400] [--engine path] [--csv file]
"""
import argparse
import collections
import csv
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Engine:
    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("setoption name UCI_Variant value love")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"engine closed its output after {lines[-5:]}")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def sync(self):
        self.send("isready")
        return self.read_until("readyok")[:-1]

    def describe(self):
        self.send("d")
        lines = self.read_until("Side to move:")
        self.send("isready")
        lines += self.read_until("readyok")[:-1]
        fen = next(l[5:] for l in lines if l.startswith("Fen: "))
        over = next((l[len("Game over: "):] for l in lines if l.startswith("Game over: ")), None)
        return fen, over

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


def set_position(engine, tokens):
    engine.send("position startpos" + (" moves " + " ".join(tokens) if tokens else ""))
    errors = [l for l in engine.sync() if "error" in l]
    if errors:
        raise RuntimeError(f"position refused: {errors}")


def play_game(path, seed, base_ms, inc_ms, max_plies):
    engine = Engine(path)
    engine.send(f"setoption name Seed value {seed}")
    engine.send("ucinewgame")
    tokens = []
    clocks = [base_ms, base_ms]
    plies = 0
    result = None
    while plies < max_plies:
        set_position(engine, tokens)
        fen, over = engine.describe()
        if over:
            result = over
            break
        side = 0 if fen.split()[1] == "w" else 1
        started = time.monotonic()
        engine.send(f"go wtime {max(clocks[0], 1)} btime {max(clocks[1], 1)} "
                    f"winc {inc_ms} binc {inc_ms}")
        lines = engine.read_until("bestmove")
        used = int((time.monotonic() - started) * 1000)
        clocks[side] += inc_ms - used
        if clocks[side] < 0:
            result = f"{'0-1' if side == 0 else '1-0'} {{time forfeit}}"
            break
        for line in lines:
            if line.startswith("info string throw "):
                tokens.append(line.split()[3])
        best = lines[-1].split()[1]
        if best == "0000":
            # The engine's own throw can end the game: the new couple may leave the side to
            # move mated or stalemated. Then the throw is the game's last token.
            set_position(engine, tokens)
            fen, over = engine.describe()
            if over:
                result = over
                break
            raise RuntimeError(f"bestmove 0000 in a game not over: {fen}")
        tokens.append(best)
        plies += 1
    else:
        set_position(engine, tokens)
        fen, over = engine.describe()
        result = over or "* {unfinished}"
    engine.close()
    return tokens, fen, result


def replay(path, tokens):
    """A fresh engine replays the whole game: every token must be accepted."""
    engine = Engine(path)
    try:
        set_position(engine, tokens)
        return engine.describe()
    finally:
        engine.close()


def category(result):
    if "mates" in result:
        return "checkmate (" + ("White" if result.startswith("1-0") else "Black") + " wins)"
    if "monarchs lovemate" in result:
        return "monarchs' lovemate (draw)"
    if "Stalemate" in result:
        return "stalemate"
    if "fifty" in result:
        return "fifty-move rule"
    if "repetition" in result:
        return "repetition"
    if "insufficient" in result:
        return "insufficient material"
    if "time forfeit" in result:
        return "time forfeit"
    return "unfinished (ply cap)"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--base-ms", type=int, default=1000)
    parser.add_argument("--inc-ms", type=int, default=20)
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--engine")
    parser.add_argument("--csv", default=os.path.join(ROOT, "target", "love_selfplay.csv"))
    args = parser.parse_args()
    path = args.engine
    if not path:
        subprocess.check_call(["cargo", "build", "--release", "-q"], cwd=ROOT)
        path = os.path.join(ROOT, "target", "release", "amity")
    counts = collections.Counter()
    rows = []
    throws = 0
    plies_total = 0
    for game in range(args.games):
        seed = args.first_seed + game
        tokens, fen, result = play_game(path, seed, args.base_ms, args.inc_ms, args.max_plies)
        replay_fen, replay_result = replay(path, tokens)
        if replay_fen != fen or (replay_result or "* {unfinished}") != result \
                and "time forfeit" not in result:
            print(f"game {game + 1} (seed {seed}): replay differs: {replay_fen} {replay_result} "
                  f"vs {fen} {result}", file=sys.stderr)
            sys.exit(1)
        kind = category(result)
        counts[kind] += 1
        n_throws = sum(t.startswith("roll:") for t in tokens)
        throws += n_throws
        plies_total += len(tokens) - n_throws
        rows.append([game + 1, seed, len(tokens) - n_throws, n_throws, result, fen,
                     " ".join(tokens)])
        print(f"game {game + 1:3} seed {seed:4}: {len(tokens) - n_throws:3} plies, "
              f"{n_throws} throws, {result}", flush=True)
    os.makedirs(os.path.dirname(args.csv), exist_ok=True)
    with open(args.csv, "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["game", "seed", "plies", "throws", "result", "final_fen", "tokens"])
        writer.writerows(rows)
    print()
    print(f"{args.games} games, every one replayed legally by a fresh engine; "
          f"{plies_total} moves, {throws} throws; games in {args.csv}")
    for kind, count in counts.most_common():
        print(f"  {kind:32} {count:4}  ({100.0 * count / args.games:.1f}%)")


if __name__ == "__main__":
    main()
