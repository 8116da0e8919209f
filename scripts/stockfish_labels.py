#!/usr/bin/env python3
"""Relabels a tuning positions file with Stockfish's evaluation, for `amity tune`.

`amity tune` fits the evaluation to `fen;result` lines, where the result is White's score.
Self-play results are a weak label: thousands of positions share one game's result, and a
fit to Amity's own games learns Amity's own misjudgements. This script replaces each result
with Stockfish's searched evaluation turned into an expected score for White,

    label = (1 - w) * 1 / (1 + 10^(-cp / 400)) + w * result,

so the fit learns from a far stronger judge (w, `--result-weight`, keeps some of the game's
result if wanted). Positions Stockfish scores as mate, or beyond `--max-cp`, are dropped:
a linear evaluation cannot express them and they would only pull the weights about.

Usage:
    amity tune --variant chess --data selfplay.txt --epochs 0   # positions by self-play
    python3 scripts/stockfish_labels.py selfplay.txt labelled.txt --nodes 8000
    amity tune --variant chess --data labelled.txt --write variants/src/chess/weights.rs

For a variant Stockfish does not play, `--variant NAME` asks Debian's fairy-stockfish
instead, with `UCI_Variant` set to NAME (Los Alamos is `losalamos` in both programs):

    python3 scripts/stockfish_labels.py la.txt la_labelled.txt --variant losalamos

For a game no stronger engine plays, `--engine PATH` labels with another UCI engine, such as
Amity's own deeper search (mixing in the game's result with `--result-weight` if wanted):

    python3 scripts/stockfish_labels.py ms.txt ms_labelled.txt --variant moralsupport \
        --engine target/quick/amity --nodes 5000 --result-weight 0.2

Needs Debian's stockfish, or fairy-stockfish for `--variant` (installed with apt-get when
missing).
"""

import argparse
import math
import multiprocessing
import os
import shutil
import subprocess
import sys


def find_engine(package):
    """The Debian package's engine binary, installed first when it is missing."""
    for path in (shutil.which(package), f"/usr/games/{package}"):
        if path and os.path.exists(path):
            return path
    subprocess.run(["apt-get", "install", "-y", package], check=True)
    return f"/usr/games/{package}"


class Stockfish:
    def __init__(self, path, hash_mb, variant):
        self.process = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name Threads value 1")
        self.send(f"setoption name Hash value {hash_mb}")
        if variant:
            self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.process.stdin.write(line + "\n")

    def wait_for(self, word):
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited")
            if line.startswith(word):
                return line

    def evaluate(self, fen, nodes):
        """White's score in centipawns, or None for a mate score."""
        self.send(f"position fen {fen}")
        self.send(f"go nodes {nodes}")
        score = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited")
            words = line.split()
            if words and words[0] == "bestmove":
                break
            if "score" in words and "upperbound" not in words and "lowerbound" not in words:
                at = words.index("score")
                kind, value = words[at + 1], int(words[at + 2])
                score = value if kind == "cp" else None
        if score is None:
            return None
        return score if fen.split()[1] == "w" else -score


WORKER = {}


def start_worker(path, nodes, hash_mb, variant):
    WORKER["engine"] = Stockfish(path, hash_mb, variant)
    WORKER["nodes"] = nodes


def label_one(line):
    fen, result = line.rsplit(";", 1)
    return fen, float(result), WORKER["engine"].evaluate(fen, WORKER["nodes"])


def positions_done(target_path, lines):
    """How many of the source `lines` a stopped run already settled: up to and including the
    position of the target's last complete label (positions are labelled in source order, and
    the dropped ones leave no line, so the last label's position is searched for). Zero when
    there is no target or its last label is not a source position; an unfinished last line
    is cut off."""
    try:
        with open(target_path, "rb+") as target:
            text = target.read()
            complete = text.rfind(b"\n") + 1
            target.truncate(complete)
    except FileNotFoundError:
        return 0
    labels = text[:complete].decode().splitlines()
    if not labels:
        return 0
    last_fen = labels[-1].rsplit(";", 1)[0]
    for index in range(len(lines) - 1, -1, -1):
        if lines[index].rsplit(";", 1)[0] == last_fen:
            return index + 1
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("source", help="fen;result lines (amity tune's positions file)")
    parser.add_argument("target", help="where the relabelled fen;label lines go")
    parser.add_argument("--nodes", type=int, default=8000, help="Stockfish nodes a position")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--hash", type=int, default=16, help="Stockfish hash (MB) per process")
    parser.add_argument("--result-weight", type=float, default=0.0)
    parser.add_argument("--max-cp", type=int, default=2000)
    parser.add_argument("--limit", type=int, default=0, help="label only the first N lines")
    parser.add_argument(
        "--resume",
        action="store_true",
        help="when the target already holds labels (a run that was stopped), keep them and "
        "label only the positions after the last one it holds",
    )
    parser.add_argument(
        "--variant", help="label with fairy-stockfish playing this UCI_Variant (not chess)"
    )
    parser.add_argument(
        "--engine",
        help="label with this UCI engine instead of Debian's (for a game no stronger engine "
        "plays, Amity's own deeper search: --engine target/quick/amity); --variant is sent "
        "to it as UCI_Variant",
    )
    args = parser.parse_args()

    with open(args.source) as source:
        lines = [line.strip() for line in source if ";" in line]
    if args.limit:
        lines = lines[: args.limit]
    mode = "w"
    if args.resume:
        done_already = positions_done(args.target, lines)
        if done_already:
            print(f"resuming after {done_already} positions already labelled", file=sys.stderr)
            lines = lines[done_already:]
            mode = "a"
    path = args.engine or find_engine("fairy-stockfish" if args.variant else "stockfish")
    kept = dropped = 0
    with multiprocessing.Pool(
        args.processes, start_worker, (path, args.nodes, args.hash, args.variant)
    ) as pool, open(args.target, mode) as target:
        for done, (fen, result, cp) in enumerate(
            pool.imap(label_one, lines, chunksize=64), 1
        ):
            if cp is None or abs(cp) > args.max_cp:
                dropped += 1
            else:
                expected = 1.0 / (1.0 + math.pow(10.0, -cp / 400.0))
                label = (1 - args.result_weight) * expected + args.result_weight * result
                target.write(f"{fen};{label:.4f}\n")
                kept += 1
            if done % 10000 == 0:
                print(f"{done}/{len(lines)} positions", file=sys.stderr, flush=True)
    print(f"{kept} positions labelled, {dropped} dropped (mate or beyond {args.max_cp} cp)")


if __name__ == "__main__":
    main()
