#!/usr/bin/env python3
"""Checks PGN files written by `amity match` with python-chess, an independent reader.

For every game: python-chess must read it without errors, every move must be legal, a game
that ended normally must end as the rules say (mate, stalemate, fifty moves, repetition,
insufficient material), and the game must round-trip: python-chess's own export of it,
read again, gives the same moves and result.

    pip install chess
    scripts/check_pgn.py games.pgn [more.pgn ...]
"""

import io
import sys

try:
    import chess
    import chess.pgn
    import chess.variant
except ImportError:
    sys.exit("python-chess is missing: pip install chess")


def check_game(game, number):
    problems = []
    if game.errors:
        problems.append(f"reader errors: {game.errors}")
    board = game.end().board()
    result = game.headers.get("Result", "*")
    termination = game.headers.get("Termination", "")
    if termination == "normal":
        if board.is_checkmate():
            expected = "0-1" if board.turn == chess.WHITE else "1-0"
        elif (board.is_stalemate() or board.is_insufficient_material()
              or board.is_fifty_moves() or board.can_claim_threefold_repetition()):
            expected = "1/2-1/2"
        else:
            expected = None
            problems.append("ended 'normal' but python-chess sees no end of the game")
        if expected is not None and expected != result:
            problems.append(f"result {result}, python-chess says {expected}")
    exported = str(game)
    again = chess.pgn.read_game(io.StringIO(exported))
    if list(again.mainline_moves()) != list(game.mainline_moves()):
        problems.append("moves differ after python-chess's export and re-read")
    if again.headers.get("Result") != result:
        problems.append("result differs after export and re-read")
    return problems


def main(paths):
    total = bad = 0
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            while True:
                game = chess.pgn.read_game(handle)
                if game is None:
                    break
                total += 1
                problems = check_game(game, total)
                if problems:
                    bad += 1
                    print(f"{path}: game {total}: " + "; ".join(problems))
    print(f"python-chess: {total} game(s) read, {total - bad} legal and round-tripped, "
          f"{bad} with problems")
    return 1 if bad or total == 0 else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1:]))
