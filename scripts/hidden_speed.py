#!/usr/bin/env python3
"""Speed of the hidden-information search beside the full-state search, same positions, same
run: for each game and position, Amity searches for a fixed time (a) the full state with
FullStateSearch=true, (b) the mover's view from one world (Samples=1, WorstOf=1), (c) one
world chosen as the worst of four (WorstOf=4), (d) the view from three worlds, (e) where the
game can, the view itself as one tree (ViewSearch).
Prints nodes, nodes per second and, for the views, world searches
per second (worlds times the depths completed, every world being searched once per depth).

Usage: scripts/hidden_speed.py AMITY [movetime-ms]
"""
import subprocess
import sys

# The games whose rules let the search play through a view (SearchFlags::view_search).
VIEW_SEARCH_GAMES = {"booster"}

POSITIONS = {
    "booster": ["startpos", "startpos moves e2e4 add:Qs@d8 g8f6"],
    "cloakanddagger": ["startpos moves guess:none", "startpos moves guess:none e2e4 done guess:none e7e5 done guess:none"],
}


def search(amity, variant, position, options, movetime):
    commands = ["uci", f"setoption name UCI_Variant value {variant}"]
    commands += [f"setoption name {name} value {value}" for name, value in options]
    commands += ["ucinewgame", f"position {position}", f"go movetime {movetime}"]
    process = subprocess.Popen([amity], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    process.stdin.write("\n".join(commands) + "\n")
    process.stdin.flush()
    last = None
    for line in process.stdout:
        if line.startswith("info depth"):
            last = line.split()
        if line.startswith("bestmove"):
            break
    process.stdin.write("quit\n")
    process.stdin.flush()
    process.wait()
    field = lambda name: int(last[last.index(name) + 1]) if last and name in last else 0
    return field("depth"), field("nodes"), field("time")


def main():
    amity = sys.argv[1]
    movetime = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    print("game,position,search,worlds,depth,nodes,ms,nodes_per_s,world_searches_per_s")
    for variant, positions in POSITIONS.items():
        for index, position in enumerate(positions):
            searches = [
                ("full-state", [("FullStateSearch", "true")], 0),
                ("view-1", [("Samples", "1"), ("WorstOf", "1")], 1),
                ("view-worst4", [("Samples", "1"), ("WorstOf", "4")], 1),
                ("view-3", [("Samples", "3")], 3),
            ]
            if variant in VIEW_SEARCH_GAMES:
                searches.append(("view-tree", [("ViewSearch", "true")], 1))
            for label, options, worlds in searches:
                depth, nodes, ms = search(amity, variant, position, options, movetime)
                nps = nodes * 1000 // max(ms, 1)
                per_s = worlds * depth * 1000 / max(ms, 1) if worlds > 1 else worlds * 1000 / max(ms, 1)
                print(f"{variant},{index},{label},{worlds},{depth},{nodes},{ms},{nps},{per_s:.1f}")


if __name__ == "__main__":
    main()
