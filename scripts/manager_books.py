#!/usr/bin/env python3
"""Seeded opening books (EPD) for the tournament managers: chess and Chess960.

`chess PATH N SEED`: N positions after 4 random legal plies from the start position (distinct,
not yet decided). `chess960 PATH N SEED`: N distinct Chess960 start arrangements drawn from
the 960 (Scharnagl's numbers, in python-chess's numbering), with the castling rights written
in Shredder-FEN (`HAha`), the form FRC books use. The same seed gives the same book.

    scripts/manager_books.py chess target/managers/chess.epd 20 2026
    scripts/manager_books.py chess960 target/managers/chess960.epd 20 2026
"""

import random
import sys

try:
    import chess
except ImportError:
    sys.exit("python-chess is missing: pip install chess")


def epd(board, shredder):
    # The four EPD fields: board, side, castling, en passant.
    return " ".join(board.fen(shredder=shredder).split()[:4])


def chess_book(count, rng):
    book = []
    while len(book) < count:
        board = chess.Board()
        for _ in range(4):
            moves = list(board.legal_moves)
            board.push(rng.choice(moves))
        line = epd(board, shredder=False)
        if not board.is_game_over() and line not in book:
            book.append(line)
    return book


def chess960_book(count, rng):
    numbers = rng.sample(range(960), min(count, 960))
    return [epd(chess.Board.from_chess960_pos(n), shredder=True) for n in numbers]


def main(kind, path, count, seed):
    rng = random.Random(seed)
    book = chess_book(count, rng) if kind == "chess" else chess960_book(count, rng)
    with open(path, "w", encoding="utf-8") as out:
        out.write("".join(line + "\n" for line in book))


if __name__ == "__main__":
    if len(sys.argv) != 5 or sys.argv[1] not in ("chess", "chess960"):
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
