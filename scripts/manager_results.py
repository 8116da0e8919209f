#!/usr/bin/env python3
"""Judges a tournament manager's run (fastchess, cutechess-cli): the PGN it wrote and its log.

Passes only when the PGN holds exactly the expected number of games, every one decided
(`1-0`, `0-1`, `1/2-1/2`) and ended by the rules or by adjudication, and the log shows no
time forfeit, illegal move, disconnection, stall or crash. Prints one summary line (results
from the first engine's side, terminations, the three failure counts) and every problem.

    scripts/manager_results.py NAME EXPECTED_GAMES FIRST_ENGINE PGN LOG

Both managers write a `Termination` tag: fastchess always (`normal`, `adjudication`, ...),
cutechess-cli only when the game did not end by the rules (`adjudication`, `time forfeit`,
`abandoned`, `stalled connection`, `illegal move`, `unterminated`).
"""

import re
import sys

GOOD_TERMINATIONS = {"", "normal", "adjudication"}
# What each manager prints (or writes as the result comment) for the three failures.
FORFEIT = re.compile(r"loses on time|time forfeit|timeout", re.IGNORECASE)
ILLEGAL = re.compile(r"illegal move|makes an illegal", re.IGNORECASE)
DISCONNECT = re.compile(
    r"disconnect|stall|crash|abandoned|terminated unexpectedly|unterminated|"
    r"failed to start|not responding",
    re.IGNORECASE,
)
HEADER = re.compile(r'^\[(\w+) "(.*)"\]\s*$')
# fastchess's closing counters ("Timeouts: 0", "Crashed: 0") name a failure with its count.
ZERO_COUNTER = re.compile(r"^\s*[A-Za-z][A-Za-z ]*:\s*0\s*$")


def read_games(path):
    """The header tags and the result comment (the last `{...}` of the movetext) of each game."""
    games, tags, movetext = [], None, []
    with open(path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            match = HEADER.match(line)
            if match:
                if tags is not None and movetext:
                    games.append((tags, " ".join(movetext)))
                    tags, movetext = None, []
                if tags is None:
                    tags = {}
                tags[match.group(1)] = match.group(2)
            elif line.strip() and tags is not None:
                movetext.append(line.strip())
    if tags is not None:
        games.append((tags, " ".join(movetext)))
    return [(tags, last_comment(text)) for tags, text in games]


def last_comment(movetext):
    comments = re.findall(r"\{([^}]*)\}", movetext)
    return comments[-1] if comments else ""


def main(name, expected, first, pgn, log):
    problems = []
    games = read_games(pgn)
    wins = draws = losses = 0
    terminations = {}
    forfeits = illegal = disconnects = 0
    for number, (tags, comment) in enumerate(games, 1):
        result = tags.get("Result", "*")
        termination = tags.get("Termination", "")
        terminations[termination or "rules"] = terminations.get(termination or "rules", 0) + 1
        white_first = tags.get("White") == first
        if result == "1/2-1/2":
            draws += 1
        elif result in ("1-0", "0-1"):
            if (result == "1-0") == white_first:
                wins += 1
            else:
                losses += 1
        else:
            problems.append(f"game {number}: result {result!r}")
        said = f"{termination} {comment}"
        if FORFEIT.search(said):
            forfeits += 1
        elif ILLEGAL.search(said):
            illegal += 1
        elif DISCONNECT.search(said):
            disconnects += 1
        if termination not in GOOD_TERMINATIONS:
            problems.append(
                f"game {number} ({tags.get('White')} - {tags.get('Black')}): "
                f"{termination} {{{comment}}}"
            )
    if len(games) != expected:
        problems.append(f"{len(games)} game(s) in {pgn}, {expected} expected")
    with open(log, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            if ZERO_COUNTER.match(line):
                continue
            if FORFEIT.search(line) or ILLEGAL.search(line) or DISCONNECT.search(line):
                problems.append(f"log: {line.strip()}")
    ended = ", ".join(f"{count} {how}" for how, count in sorted(terminations.items()))
    print(
        f"{name}: {len(games)}/{expected} games; {first} +{wins} ={draws} -{losses}; "
        f"ended: {ended or 'none'}; time forfeits {forfeits}, illegal moves {illegal}, "
        f"disconnections/crashes {disconnects}"
    )
    for problem in problems:
        print(f"  FAIL {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]))
