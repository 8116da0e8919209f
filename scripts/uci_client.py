#!/usr/bin/env python3
"""A real UCI client drives Amity: python-chess opens the engine, analyses to depth 6 and plays a
whole game with wtime/btime clocks, checking that every move is legal.

Usage: python3 scripts/uci_client.py [path/to/amity]   (builds the release binary if no path)
"""
import os
import subprocess
import sys
import time

try:
    import chess
    import chess.engine
except ImportError:
    subprocess.check_call([sys.executable, "-m", "pip", "install", "-q", "chess"])
    import chess
    import chess.engine

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def engine_path():
    if len(sys.argv) > 1:
        return sys.argv[1]
    subprocess.check_call(["cargo", "build", "--release", "-q"], cwd=ROOT)
    return os.path.join(ROOT, "target", "release", "amity")


def main():
    path = engine_path()
    with chess.engine.SimpleEngine.popen_uci(path) as engine:
        print(f"opened {engine.id.get('name')} by {engine.id.get('author')}")
        assert "UCI_Variant" in engine.options and "Hash" in engine.options
        engine.configure({"Hash": 32, "Threads": 1})

        board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3")
        info = engine.analyse(board, chess.engine.Limit(depth=6))
        assert info["depth"] >= 6, info
        pv = info["pv"]
        replay = board.copy()
        for move in pv:
            assert replay.is_legal(move), f"illegal pv move {move} in {replay.fen()}"
            replay.push(move)
        print(f"analyse depth {info['depth']}: score {info['score']} pv {' '.join(m.uci() for m in pv)}")

        board = chess.Board()
        white_clock = black_clock = 10.0
        increment = 0.1
        while not board.is_game_over(claim_draw=True) and board.fullmove_number <= 150:
            limit = chess.engine.Limit(
                white_clock=white_clock, black_clock=black_clock,
                white_inc=increment, black_inc=increment)
            started = time.monotonic()
            result = engine.play(board, limit)
            used = time.monotonic() - started
            if board.turn == chess.WHITE:
                white_clock += increment - used
                assert white_clock > 0, "White lost on time"
            else:
                black_clock += increment - used
                assert black_clock > 0, "Black lost on time"
            move = result.move
            assert move is not None and board.is_legal(move), f"illegal {move} in {board.fen()}"
            board.push(move)
        outcome = board.outcome(claim_draw=True)
        print(f"clocks left: white {white_clock:.2f} s, black {black_clock:.2f} s")
        print(f"game of {len(board.move_stack)} plies, all legal; result {board.result(claim_draw=True)}"
              f" ({outcome.termination.name if outcome else 'move limit'})")
    print("uci client check: OK")


if __name__ == "__main__":
    main()
