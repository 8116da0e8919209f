"""PGN as `amity match` writes it: games split from a file's text, and their tags."""

import re

GAME_START = re.compile(r"^\[Event ", re.MULTILINE)
TAG = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$', re.MULTILINE)


def split_games(text):
    """The games of a PGN text, each its own text (tags, movetext, the closing blank line)."""
    starts = [m.start() for m in GAME_START.finditer(text)]
    return [text[a:b] for a, b in zip(starts, starts[1:] + [len(text)])]


def tags(game):
    """A game's tags as a dict (escapes undone)."""
    return {
        key: re.sub(r"\\(.)", r"\1", value) for key, value in TAG.findall(game)
    }


def moves(game):
    """The movetext without comments: what two plays of one game share whatever their
    clocks said."""
    movetext = game.split("\n\n", 1)[1] if "\n\n" in game else ""
    return " ".join(re.sub(r"\{[^}]*\}", " ", movetext).split())


def white_points(result):
    return {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(result)
