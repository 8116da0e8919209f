#!/usr/bin/env python3
"""Lazy SMP speed-up: time for Amity to finish a fixed depth on 20 middlegame positions with
Threads 1 and Threads 2 (each position searched from a cleared hash), then the per-position
ratios, their median and the ratio of total times. Also checks the moves are legal.

The middlegame positions come from the balanced openings continued 14 plies by Stockfish at a
fixed depth, so the set is the same every run.

Each position is searched with one thread and then with two, back to back, so a change in the
machine's speed touches both sides of a ratio alike; with `--repeat N` the whole set is searched
N times and each position's time is the median of its N runs (the machine here is a shared
virtual one whose speed changes from minute to minute).

Usage: scripts/parallel_speedup.py [--depth 16] [--positions 20] [--repeat 1]
                                   [--engine target/release/amity]
"""
import argparse
import os
import statistics
import sys
import time

import chess
import chess.engine

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from amity_match import OPENINGS, find_engine, open_engine  # noqa: E402


def middlegames(count):
    stockfish = chess.engine.SimpleEngine.popen_uci(find_engine("stockfish"))
    stockfish.configure({"Threads": 1})
    positions = []
    try:
        for index in range(count):
            board = chess.Board()
            for uci in OPENINGS[index % len(OPENINGS)].split():
                board.push_uci(uci)
            for _ in range(14 + 2 * (index // len(OPENINGS))):
                if board.is_game_over():
                    break
                board.push(stockfish.play(board, chess.engine.Limit(depth=8)).move)
            positions.append(board.fen())
    finally:
        stockfish.quit()
    return positions


def time_to_depth(engine, fen, depth):
    board = chess.Board(fen)
    if "Clear Hash" in engine.options:
        engine.configure({"Clear Hash": None})
    started = time.monotonic()
    result = engine.play(board, chess.engine.Limit(depth=depth),
                         info=chess.engine.INFO_SCORE | chess.engine.INFO_BASIC)
    elapsed = time.monotonic() - started
    legal = result.move in board.legal_moves
    return elapsed, legal, result.info.get("score"), result.info.get("nodes", 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/amity")
    parser.add_argument("--depth", type=int, default=16)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    positions = middlegames(args.positions)
    runs = {1: [[] for _ in positions], 2: [[] for _ in positions]}
    illegal = 0
    # Both engines stay open and each position is searched with one thread and then with two,
    # so a change in the machine's speed during the run touches both sides of a ratio alike.
    engines = {threads: open_engine(args.engine, threads) for threads in (1, 2)}
    try:
        for round_number in range(1, args.repeat + 1):
            for number, fen in enumerate(positions, 1):
                for threads in (1, 2):
                    elapsed, legal, score, searched = time_to_depth(engines[threads], fen,
                                                                    args.depth)
                    illegal += 0 if legal else 1
                    runs[threads][number - 1].append((elapsed, searched))
                    print(f"round {round_number} threads {threads} #{number:2} {elapsed:7.2f}s "
                          f"{searched:>11} nodes {score}  {fen}", flush=True)
    finally:
        for engine in engines.values():
            engine.quit()
    times = {t: [statistics.median(e for e, _ in per) for per in runs[t]] for t in (1, 2)}
    nodes = {t: [statistics.median(n for _, n in per) for per in runs[t]] for t in (1, 2)}
    ratios = [one / max(two, 1e-6) for one, two in zip(times[1], times[2])]
    print(f"\nDepth {args.depth}, {len(positions)} positions x {args.repeat} runs: total {sum(times[1]):.1f}s with 1 "
          f"thread, {sum(times[2]):.1f}s with 2; speed-up median {statistics.median(ratios):.2f}x, "
          f"total {sum(times[1]) / max(sum(times[2]), 1e-6):.2f}x; illegal moves {illegal}")
    # Nodes to reach the depth over both threads against one: the work Lazy SMP adds.
    overhead = [two / max(one, 1) for one, two in zip(nodes[1], nodes[2])]
    print(f"Nodes with 2 threads / nodes with 1 (search overhead): median "
          f"{statistics.median(overhead):.2f}, total {sum(nodes[2]) / max(sum(nodes[1]), 1):.2f}")
    # Nodes per second with 2 threads against 1: what the machine gives, apart from the search.
    rate = {t: sum(n for per in runs[t] for _, n in per) / sum(e for per in runs[t] for e, _ in per)
            for t in (1, 2)}
    print(f"Nodes per second: {rate[1]:,.0f} with 1 thread, {rate[2]:,.0f} with 2 "
          f"({rate[2] / rate[1]:.2f}x)")
    sys.exit(0 if illegal == 0 else 1)


if __name__ == "__main__":
    main()
