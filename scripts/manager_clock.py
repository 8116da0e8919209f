#!/usr/bin/env python3
"""Each engine's clock in a fastchess engine log (`-log ... engine=true`): whose time ran out.

For every `go wtime .. btime ..` the log shows, the engine's own clock (the side to move in the
`position` sent before it) and the wall time from `go` to its `bestmove`, both as fastchess's
log stamps them. Prints per engine: the moves, the moves that used more than the clock held
(lost on time), the least time left after a move, and the longest think; then the worst three
moves with the search time the engine itself reported (`info ... time`): a wall time far above
it means the engine's process was waiting for the CPU, not searching.

    scripts/manager_clock.py target/managers/run/chess-engines.log [more logs]
"""

import re
import sys
from datetime import datetime

LINE = re.compile(r"^\[Engine\] \[(\d\d:\d\d:\d\d\.\d+)\] <\s*\d+>\s+(\S+) (<---|--->) (.*)$")


def stamp(text):
    return datetime.strptime(text, "%H:%M:%S.%f")


def side_to_move(position):
    """'w' or 'b' after a `position` command."""
    words = position.split()
    moves = words[words.index("moves") + 1 :] if "moves" in words else []
    if words[1] == "startpos":
        start = "w"
    else:
        start = words[3]
    flip = len(moves) % 2 == 1
    return {"w": "b", "b": "w"}[start] if flip else start


def read(path, engines):
    pending = {}
    with open(path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            match = LINE.match(line.rstrip("\n"))
            if not match:
                continue
            when, name, direction, text = match.groups()
            state = pending.setdefault(name, {})
            if direction == "<---" and text.startswith("position "):
                state["side"] = side_to_move(text)
            elif direction == "<---" and text.startswith("go "):
                words = text.split()
                clock = dict(zip(words[1::2], words[2::2]))
                key = "wtime" if state.get("side", "w") == "w" else "btime"
                if key in clock:
                    state["go"] = (stamp(when), int(clock[key]))
                    state["reported"] = 0
            elif direction == "--->" and text.startswith("info ") and " time " in text:
                words = text.split()
                state["reported"] = int(words[words.index("time") + 1])
            elif direction == "--->" and text.startswith("bestmove") and "go" in state:
                started, clock = state.pop("go")
                used = (stamp(when) - started).total_seconds() * 1000
                engines.setdefault(name, []).append((clock - used, used, clock, state["reported"]))


def main(paths):
    engines = {}
    for path in paths:
        read(path, engines)
    for name, moves in sorted(engines.items()):
        lost = sum(1 for left, *_ in moves if left < 0)
        least = min(left for left, *_ in moves)
        longest = max(used for _, used, *_ in moves)
        print(
            f"{name}: {len(moves)} moves, {lost} over the clock, least left {least:.0f} ms, "
            f"longest think {longest:.0f} ms"
        )
        for left, used, clock, reported in sorted(moves)[:3]:
            print(
                f"  clock {clock} ms, took {used:.0f} ms (its own search said {reported} ms), "
                f"left {left:.0f} ms"
            )


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
