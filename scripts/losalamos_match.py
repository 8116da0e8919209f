#!/usr/bin/env python3
"""A Los Alamos chess match: Amity against Fairy-Stockfish over UCI, with a third
Fairy-Stockfish process as referee.

python-chess cannot hold a 6x6 board, so this script speaks UCI to both players itself
(scripts/uci_driver.py). The referee checks every move against its legal move list and
decides the game ends the way docs/variants/losalamos.md does: checkmate, stalemate, fifty
moves, threefold repetition, and the dead material of bare kings or king and knight against king. An illegal
move, a crash, a time-out or a lost connection ends the game against the player at fault and
is counted separately.

    python3 scripts/losalamos_match.py [--games 40] [--time 4000] [--inc 50] [--seed 4]
                                       [--pgn /tmp/losalamos.pgn] [--amity BINARY]
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from uci_driver import EngineError, Uci  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
START = "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1"
MAX_PLIES = 300


def fairy_path():
    path = shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish"
    if not os.path.exists(path):
        subprocess.run(["apt-get", "install", "-y", "fairy-stockfish"], check=True)
    return path


def new_player(command, name, hash_mb=16):
    engine = Uci(command, name)
    engine.set_option("UCI_Variant", "losalamos")
    engine.set_option("Hash", hash_mb)
    engine.sync()
    return engine


class Referee:
    """Fairy-Stockfish as the rule authority for a move sequence from the start position."""

    def __init__(self):
        self.engine = new_player([fairy_path()], "referee")

    def state(self, moves):
        self.engine.position(moves=moves)
        legal = self.engine.legal_moves()
        fen = self.engine.fen()
        checkers = self.engine.checkers() if not legal else []
        return legal, fen, checkers

    def quit(self):
        self.engine.quit()


def dead_material(fen):
    board = fen.split()[0]
    others = [c for c in board if c.isalpha() and c.lower() != "k"]
    return not others or (len(others) == 1 and others[0].lower() == "n")


def play_game(white, black, referee, opening, base_ms, inc_ms):
    """Returns (result, reason, moves, fault) where fault names a player that broke a rule
    of the protocol or the game (None if none did)."""
    players = {"w": white, "b": black}
    clocks = {"w": base_ms, "b": base_ms}
    moves = list(opening)
    seen = {}
    for engine in (white, black):
        engine.send("ucinewgame")
        engine.sync()
    while True:
        legal, fen, checkers = referee.state(moves)
        side = fen.split()[1]
        key = " ".join(fen.split()[:4])
        seen[key] = seen.get(key, 0) + 1
        if not legal:
            if checkers:
                return ("0-1" if side == "w" else "1-0"), "checkmate", moves, None
            return "1/2-1/2", "stalemate", moves, None
        if int(fen.split()[4]) >= 100:
            return "1/2-1/2", "fifty moves", moves, None
        if seen[key] >= 3:
            return "1/2-1/2", "threefold repetition", moves, None
        if dead_material(fen):
            return "1/2-1/2", "insufficient material", moves, None
        if len(moves) >= MAX_PLIES:
            return "1/2-1/2", f"adjudicated after {MAX_PLIES} plies", moves, None
        engine = players[side]
        loser = "0-1" if side == "w" else "1-0"
        try:
            engine.position(moves=moves)
            started = time.monotonic()
            best = engine.go(
                f"go wtime {clocks['w']} btime {clocks['b']} winc {inc_ms} binc {inc_ms}",
                timeout=clocks[side] / 1000 + 5,
            )
            spent = int((time.monotonic() - started) * 1000)
        except EngineError as error:
            return loser, f"{engine.name} failed: {error}", moves, engine.name
        clocks[side] -= spent
        # A small allowance for pipe and process latency on a loaded machine.
        if clocks[side] < -200:
            return loser, f"{engine.name} lost on time", moves, engine.name
        clocks[side] = max(clocks[side], 0) + inc_ms
        if best not in legal:
            return loser, f"{engine.name} played illegal move {best}", moves, engine.name
        moves.append(best)


def openings(count, seed, referee):
    """Distinct short random openings (two moves each side), one per pair of games."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        moves = []
        for _ in range(4):
            legal, _, _ = referee.state(moves)
            moves.append(rng.choice(legal))
        if moves not in found:
            found.append(moves)
    return found


def pgn(game_number, white, black, result, reason, moves):
    headers = [
        ("Event", "Los Alamos match"),
        ("Round", str(game_number)),
        ("White", white),
        ("Black", black),
        ("Result", result),
        ("Variant", "losalamos"),
        ("FEN", START),
        ("SetUp", "1"),
        ("Termination", reason),
    ]
    text = "".join(f'[{k} "{v}"]\n' for k, v in headers) + "\n"
    body = []
    for index, move in enumerate(moves):
        if index % 2 == 0:
            body.append(f"{index // 2 + 1}.")
        body.append(move)
    return text + " ".join(body + [result]) + "\n\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--time", type=int, default=4000, help="base time per side, ms")
    parser.add_argument("--inc", type=int, default=50, help="increment per move, ms")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--pgn", default="/tmp/losalamos_match.pgn")
    parser.add_argument(
        "--amity", help="Amity binary to use (default: build target/release/amity)"
    )
    args = parser.parse_args()

    if args.amity:
        amity_command = [args.amity]
    else:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
        amity_command = [os.path.join(ROOT, "target", "release", "amity")]
    fairy_command = [fairy_path()]
    referee = Referee()
    score = {"amity": 0.0, "fairy-stockfish": 0.0}
    wins = draws = losses = 0
    faults = []
    reasons = {}
    starts = openings((args.games + 1) // 2, args.seed, referee)
    with open(args.pgn, "w") as record:
        for number in range(args.games):
            opening = starts[number // 2]
            amity = new_player(amity_command, "amity")
            fairy = new_player(fairy_command, "fairy-stockfish")
            amity_white = number % 2 == 0
            white, black = (amity, fairy) if amity_white else (fairy, amity)
            result, reason, moves, fault = play_game(
                white, black, referee, opening, args.time, args.inc
            )
            for engine in (amity, fairy):
                engine.quit()
            if fault:
                faults.append(f"game {number + 1}: {reason}")
            reasons[reason] = reasons.get(reason, 0) + 1
            amity_points = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
            if not amity_white:
                amity_points = 1.0 - amity_points if result != "1/2-1/2" else 0.5
            score["amity"] += amity_points
            score["fairy-stockfish"] += 1.0 - amity_points
            wins += amity_points == 1.0
            draws += amity_points == 0.5
            losses += amity_points == 0.0
            record.write(pgn(number + 1, white.name, black.name, result, reason, moves))
            record.flush()
            print(
                f"game {number + 1:>2}: {white.name} - {black.name} {result:<7} "
                f"({reason}, {len(moves)} plies)  "
                f"amity {score['amity']}-{score['fairy-stockfish']}",
                flush=True,
            )
    referee.quit()
    print(f"\nAmity vs Fairy-Stockfish, Los Alamos, {args.games} games at "
          f"{args.time / 1000:g}s+{args.inc / 1000:g}s: "
          f"+{wins} ={draws} -{losses}, score {score['amity']}/{args.games}")
    print("endings: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))
    print(f"illegal moves, crashes or time losses: {len(faults)}")
    for line in faults:
        print("  " + line)
    print(f"games written to {args.pgn}")
    sys.exit(1 if faults else 0)


if __name__ == "__main__":
    main()
