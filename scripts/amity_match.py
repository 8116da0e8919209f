#!/usr/bin/env python3
"""Engine matches for Amity with python-chess as the referee: clocks kept by the script
(a move that overruns the clock loses on time), balanced openings played from both sides,
results with Elo and 95% error bars. Used by strength_ladder.py, time_forfeit.py and for
self-matches against older builds.

Example: scripts/amity_match.py --engine target/release/amity --opponent stockfish:1500 \
             --games 10 --tc 10+0.1
Opponents: stockfish:ELO (UCI_LimitStrength), fairymax, gnuchess, or a path to a UCI binary.
"""
import argparse
import math
import os
import shutil
import subprocess
import sys
import time

import chess
import chess.engine
import chess.pgn

# Balanced openings (UCI moves), each played once with either colour.
OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
    "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5",
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6",
    "e2e4 c7c5 g1f3 b8c6 d2d4 c5d4 f3d4",
    "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6",
    "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5",
    "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",
    "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6",
    "d2d4 g8f6 c2c4 e7e6 g1f3 b7b6",
    "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6",
    "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4",
    "c2c4 e7e5 b1c3 g8f6 g1f3 b8c6",
    "g1f3 d7d5 g2g3 g8f6 f1g2 e7e6",
    "e2e4 e7e5 g1f3 g8f6 f3e5 d7d6",
    "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6",
    "d2d4 d7d5 g1f3 g8f6 c1f4 e7e6",
    "e2e4 c7c5 b1c3 b8c6 g2g3 g7g6",
    "c2c4 c7c5 g1f3 g8f6 b1c3 b8c6",
    "e2e4 e7e5 b1c3 g8f6 f2f4 d7d5",
    "d2d4 f7f5 g2g3 g8f6 f1g2 e7e6",
]


def find_engine(name):
    """Debian installs engines in /usr/games, which is often not on PATH."""
    return shutil.which(name) or os.path.join("/usr/games", name)


# gnuchessu is a shell script that calls gnuchess through PATH.
if "/usr/games" not in os.environ.get("PATH", "").split(os.pathsep):
    os.environ["PATH"] = os.environ.get("PATH", "") + os.pathsep + "/usr/games"


class XBoardPlayer:
    """A minimal CECP driver for engines python-chess refuses (Fair-Max lacks `setboard`):
    every move request replays the game from `new` in force mode, sets the clocks and asks
    for a move. Offers the calls play_game() uses: play(), ping(), quit()."""

    def __init__(self, command, base, inc):
        self.process = subprocess.Popen([command], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)
        self.base, self.inc = base, inc
        self.send("xboard")
        self.send("protover 2")
        self.ping()

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def ping(self):
        self.send("ping 1")
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise chess.engine.EngineTerminatedError("xboard engine died")
            if line.strip() == "pong 1":
                return

    def play(self, board, limit):
        self.send("new")
        self.send("force")
        self.send("easy")
        minutes, seconds = divmod(int(self.base), 60)
        self.send(f"level 0 {minutes}:{seconds:02d} {self.inc:g}")
        for move in board.move_stack:
            self.send(move.uci())
        ours = limit.white_clock if board.turn == chess.WHITE else limit.black_clock
        theirs = limit.black_clock if board.turn == chess.WHITE else limit.white_clock
        self.send(f"time {max(int(ours * 100), 1)}")
        self.send(f"otim {max(int(theirs * 100), 1)}")
        self.send("go")
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise chess.engine.EngineTerminatedError("xboard engine died")
            parts = line.split()
            if len(parts) >= 2 and parts[0] == "move":
                self.send("force")
                try:
                    move = chess.Move.from_uci(parts[1])
                except ValueError:
                    move = None
                return chess.engine.PlayResult(move, None)

    def quit(self):
        try:
            self.send("quit")
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


def open_engine(spec, threads=1, hash_mb=16, options=None, tc=(10.0, 0.1)):
    """Starts an engine from a spec: stockfish:ELO, fairymax, gnuchess, or a UCI binary path."""
    if spec.startswith("stockfish:"):
        engine = chess.engine.SimpleEngine.popen_uci(find_engine("stockfish"))
        engine.configure({"UCI_LimitStrength": True, "UCI_Elo": int(spec.split(":")[1]),
                          "Threads": threads, "Hash": hash_mb})
    elif spec == "fairymax":
        engine = XBoardPlayer(find_engine("fairymax"), *tc)
    elif spec == "gnuchess":
        engine = chess.engine.SimpleEngine.popen_uci(find_engine("gnuchessu"))
    else:
        engine = chess.engine.SimpleEngine.popen_uci(os.path.abspath(spec))
        available = engine.options
        config = {}
        if "Threads" in available:
            config["Threads"] = threads
        if "Hash" in available:
            config["Hash"] = hash_mb
        config.update(options or {})
        engine.configure(config)
    return engine


def parse_tc(text):
    base, _, inc = text.partition("+")
    return float(base), float(inc or 0)


def play_game(white, black, opening, tc):
    """Plays one game; returns (result for White as 1/0.5/0, termination text, board)."""
    base, inc = tc
    board = chess.Board()
    for uci in opening.split():
        board.push_uci(uci)
    clocks = {chess.WHITE: base, chess.BLACK: base}
    engines = {chess.WHITE: white, chess.BLACK: black}
    for engine in engines.values():
        engine.ping()
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            score = {True: 1.0, False: 0.0, None: 0.5}[outcome.winner]
            return score, outcome.termination.name.lower(), board
        side = board.turn
        limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                   white_inc=inc, black_inc=inc)
        started = time.monotonic()
        try:
            result = engines[side].play(board, limit)
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError) as error:
            return (0.0 if side == chess.WHITE else 1.0), f"engine error: {error}", board
        spent = time.monotonic() - started
        clocks[side] -= spent
        if clocks[side] < 0:
            return (0.0 if side == chess.WHITE else 1.0), "time forfeit", board
        clocks[side] += inc
        if result.move is None or result.move not in board.legal_moves:
            return (0.0 if side == chess.WHITE else 1.0), f"illegal move {result.move}", board
        board.push(result.move)
        if board.ply() > 600:
            return 0.5, "adjudicated: too long", board


def elo_with_error(wins, draws, losses):
    """Elo difference and its 95% confidence half-width from a trinomial result."""
    games = wins + draws + losses
    if games == 0:
        return 0.0, float("inf")
    score = (wins + 0.5 * draws) / games
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / games

    def elo(p):
        p = min(max(p, 1e-6), 1 - 1e-6)
        return -400 * math.log10(1 / p - 1)

    margin = 1.96 * math.sqrt(variance / games)
    return elo(score), (elo(score + margin) - elo(score - margin)) / 2


def quit_quietly(engine):
    """Quits an engine that may already have died."""
    try:
        engine.quit()
    except (chess.engine.EngineError, chess.engine.EngineTerminatedError, OSError):
        pass


def write_pgn(path, board, white, black, result, how, tc):
    """Appends one finished game to a PGN file, for studying the games afterwards."""
    game = chess.pgn.Game.from_board(board)
    game.headers.update({"Event": "Amity match", "White": white, "Black": black,
                         "Result": result, "Termination": how,
                         "TimeControl": f"{tc[0]:g}+{tc[1]:g}"})
    with open(path, "a") as handle:
        print(game, file=handle, end="\n\n")


def match(engine_spec, opponent_spec, games, tc, threads=1, hash_mb=16, log=print, pgn=None,
          first_game=0):
    """Plays `games` games (openings in turn, colours alternating); returns a summary dict.
    Both engines get `threads` threads where they take the option (equal resources). With
    `pgn`, every counted game is appended to that file. `first_game` starts the openings
    further on, so two runs side by side can split one set of games between them."""
    ours = open_engine(engine_spec, threads, hash_mb)
    theirs = open_engine(opponent_spec, threads, hash_mb, tc=tc)
    wins = draws = losses = forfeits = errors = 0
    replays = 0
    try:
        game = 0
        while game < games:
            number = first_game + game
            opening = OPENINGS[(number // 2) % len(OPENINGS)]
            amity_white = number % 2 == 0
            white, black = (ours, theirs) if amity_white else (theirs, ours)
            score, how, board = play_game(white, black, opening, tc)
            amity_score = score if amity_white else 1 - score
            if how.startswith("engine error") and amity_score == 1.0 and replays < 5:
                # The opponent crashed (GNU Chess's UCI adapter aborts on long output now and
                # then): that says nothing about strength, so restart it and replay the game.
                replays += 1
                log(f"game {game + 1:3}/{games} not counted: opponent {how}; restarting it "
                    f"and replaying")
                quit_quietly(theirs)
                theirs = open_engine(opponent_spec, threads, hash_mb, tc=tc)
                continue
            loser_is_amity = amity_score == 0.0
            if how == "time forfeit" and loser_is_amity:
                forfeits += 1
            if how.startswith(("engine error", "illegal")) and loser_is_amity:
                errors += 1
            if amity_score == 1.0:
                wins += 1
            elif amity_score == 0.5:
                draws += 1
            else:
                losses += 1
            if pgn:
                names = ("Amity", opponent_spec) if amity_white else (opponent_spec, "Amity")
                result = {1.0: "1-0", 0.5: "1/2-1/2", 0.0: "0-1"}[score]
                write_pgn(pgn, board, *names, result, how, tc)
            log(f"game {game + 1:3}/{games} amity {'white' if amity_white else 'black'} "
                f"{amity_score:.1f} ({how}, {board.ply()} plies)  +{wins} ={draws} -{losses}")
            game += 1
    finally:
        quit_quietly(ours)
        quit_quietly(theirs)
    elo, margin = elo_with_error(wins, draws, losses)
    return {"opponent": opponent_spec, "games": games, "wins": wins, "draws": draws,
            "losses": losses, "score": (wins + 0.5 * draws) / max(games, 1), "elo": elo,
            "margin": margin, "forfeits": forfeits, "errors": errors}


def summary_line(result):
    games = result["games"]
    if games and result["score"] in (0.0, 1.0):
        # A clean sweep has no finite estimate: give the bound half a point short of it.
        bound = (games - 0.5) / games if result["score"] == 1.0 else 0.5 / games
        elo = -400 * math.log10(1 / bound - 1)
        elo_text = f"Elo {'>' if result['score'] == 1.0 else '<'} {elo:+.0f} (sweep)"
    else:
        elo_text = f"Elo {result['elo']:+7.1f} +/- {result['margin']:.1f}"
    return (f"{result['opponent']:<16} games {games:3}  +{result['wins']} "
            f"={result['draws']} -{result['losses']}  score {100 * result['score']:5.1f}%  "
            f"{elo_text}  "
            f"forfeits {result['forfeits']}  errors {result['errors']}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/amity")
    parser.add_argument("--opponent", required=True)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--tc", default="10+0.1")
    parser.add_argument("--threads", type=int, default=1, help="search threads for both engines")
    args = parser.parse_args()
    result = match(args.engine, args.opponent, args.games, parse_tc(args.tc), args.threads)
    print(summary_line(result))
    sys.exit(0 if result["errors"] == 0 else 1)


if __name__ == "__main__":
    main()
