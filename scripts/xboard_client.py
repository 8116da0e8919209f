#!/usr/bin/env python3
"""Real protocol clients drive Amity: python-chess opens it as an XBoard engine
(chess.engine.SimpleEngine.popen_xboard) and as a UCI engine (popen_uci). With each protocol it
analyses a position, plays a full game of chess at a fixed time per move (`st 0.1` under XBoard)
and a full game on a clock with increment (`level 0 0:20 0.1` plus `time`/`otim` under XBoard),
checking every move and PV for legality and that the engine never loses on time.

Usage: python3 scripts/xboard_client.py [path/to/amity]   (builds the release binary if no path)
"""
import logging
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
MAX_PLIES = 400


class WarningCounter(logging.Handler):
    """Counts python-chess warnings (unexpected engine output, bad lines): there must be none."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.records = []

    def emit(self, record):
        self.records.append(self.format(record))


def engine_path():
    if len(sys.argv) > 1:
        return sys.argv[1]
    subprocess.check_call(["cargo", "build", "--release", "-q"], cwd=ROOT)
    return os.path.join(ROOT, "target", "release", "amity")


def analyse(engine, protocol):
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3")
    info = engine.analyse(board, chess.engine.Limit(depth=6))
    assert info.get("depth", 0) >= 6, info
    pv = info.get("pv", [])
    assert pv, f"{protocol}: analysis without a PV: {info}"
    replay = board.copy()
    for move in pv:
        assert replay.is_legal(move), f"{protocol}: illegal pv move {move} in {replay.fen()}"
        replay.push(move)
    print(f"{protocol} analyse: depth {info['depth']} score {info['score']} "
          f"pv {' '.join(m.uci() for m in pv)}")


def play_game(engine, protocol, clock):
    """One engine plays both sides of a game; returns the board at the end."""
    board = chess.Board()
    game = object()  # one game id, so python-chess sends only the new moves each time
    white_clock = black_clock = 20.0
    increment = 0.1
    while not board.is_game_over(claim_draw=True) and len(board.move_stack) < MAX_PLIES:
        if clock:
            limit = chess.engine.Limit(white_clock=white_clock, black_clock=black_clock,
                                       white_inc=increment, black_inc=increment)
        else:
            limit = chess.engine.Limit(time=0.1)
        started = time.monotonic()
        result = engine.play(board, limit, game=game)
        used = time.monotonic() - started
        if clock:
            if board.turn == chess.WHITE:
                white_clock += increment - used
                assert white_clock > 0, f"{protocol}: White lost on time"
            else:
                black_clock += increment - used
                assert black_clock > 0, f"{protocol}: Black lost on time"
        else:
            assert used < 1.0, f"{protocol}: {used:.2f} s for a 0.1 s move"
        move = result.move
        assert move is not None and board.is_legal(move), \
            f"{protocol}: illegal {move} in {board.fen()}"
        board.push(move)
    outcome = board.outcome(claim_draw=True)
    how = "clock 20 s + 0.1 s" if clock else "0.1 s per move"
    print(f"{protocol} game ({how}): {len(board.move_stack)} plies, all legal; result "
          f"{board.result(claim_draw=True)} "
          f"({outcome.termination.name if outcome else 'stopped at the ply limit'})")
    if clock:
        print(f"  clocks left: white {white_clock:.2f} s, black {black_clock:.2f} s")
    return board


def check(protocol, opener, path):
    with opener(path) as engine:
        print(f"{protocol}: opened {engine.id.get('name')}")
        assert "Hash" in engine.options, engine.options
        engine.configure({"Hash": 32})
        analyse(engine, protocol)
        play_game(engine, protocol, clock=False)
        play_game(engine, protocol, clock=True)


def main():
    path = engine_path()
    warnings = WarningCounter()
    logging.getLogger("chess.engine").addHandler(warnings)
    check("xboard", chess.engine.SimpleEngine.popen_xboard, path)
    check("uci", chess.engine.SimpleEngine.popen_uci, path)
    # python-chess does not know CECP's `sigterm` feature and says so; nothing else may warn.
    unexpected = [w for w in warnings.records if "Rejecting feature sigterm" not in w]
    assert not unexpected, f"python-chess warned: {unexpected}"
    print("xboard and uci client check: OK")


if __name__ == "__main__":
    main()
