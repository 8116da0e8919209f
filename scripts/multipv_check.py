#!/usr/bin/env python3
"""Checks Amity's MultiPV the way a python-chess user meets it (issue #69): for a few
positions, engine.analyse(board, Limit(depth=12), multipv=4) must return four distinct, legal
lines in descending score order.

    pip install chess
    python3 scripts/multipv_check.py [path/to/amity]

Without a path it uses target/quick/amity (build it with `cargo build --profile quick`).
Exits non-zero, saying why, on the first position that fails.
"""

import sys

try:
    import chess
    import chess.engine
except ImportError:
    sys.exit("python-chess is missing: pip install chess")

POSITIONS = [
    chess.STARTING_FEN,
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    # A mate in two among the lines: mate scores must order above centipawns.
    "3k4/pQ1r3p/n3Rp2/2P5/P5P1/BP4P1/2P3P1/6K1 w - - 0 29",
]
LINES = 4
DEPTH = 12


def check(engine, fen):
    board = chess.Board(fen)
    infos = engine.analyse(board, chess.engine.Limit(depth=DEPTH), multipv=LINES)
    if len(infos) != LINES:
        return f"{len(infos)} lines, not {LINES}"
    firsts = []
    for number, info in enumerate(infos, start=1):
        pv = info.get("pv")
        if not pv:
            return f"line {number} has no pv"
        if info.get("multipv") != number:
            return f"line {number} is numbered {info.get('multipv')}"
        probe = board.copy()
        for move in pv:
            if move not in probe.legal_moves:
                return f"line {number} plays the illegal {move} in {probe.fen()}"
            probe.push(move)
        firsts.append(pv[0])
    if len(set(firsts)) != LINES:
        return f"lines share a first move: {[move.uci() for move in firsts]}"
    scores = [info["score"].relative for info in infos]
    if any(scores[i] < scores[i + 1] for i in range(LINES - 1)):
        return f"scores not in descending order: {scores}"
    return None


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "target/quick/amity"
    engine = chess.engine.SimpleEngine.popen_uci(path)
    try:
        for fen in POSITIONS:
            why = check(engine, fen)
            if why:
                sys.exit(f"MultiPV check failed for {fen}: {why}")
            print(f"ok: {LINES} lines at depth {DEPTH} for {fen}")
    finally:
        engine.quit()


if __name__ == "__main__":
    main()
