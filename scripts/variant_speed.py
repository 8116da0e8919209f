#!/usr/bin/env python3
"""Perft and bench speed of chess, Los Alamos, Moral Support and Pacifist Chess side by side, in one run of
one binary, so the ratios are fair on a shared machine.

    python3 scripts/variant_speed.py [--bench-depth 6]

Prints nodes, time and nodes per second per variant, and each variant's ratio to chess: the
median over rounds of its ratio to a chess sample taken just before it.
"""

import argparse
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from uci_driver import Uci  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Start positions and depths giving perft runs of comparable size (about a hundred million
# leaves, a second or more each, so a moment's load on the shared machine weighs little).
PERFT = [
    ("chess", None, 6),
    ("losalamos", None, 7),
    ("moralsupport", None, 6),
    ("pacifist", None, 6),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench-depth", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=3,
                        help="perft rounds; in each, every variant is paired with a chess sample")
    parser.add_argument("--min-seconds", type=float, default=3.0,
                        help="each perft sample is repeated until it has run "
                             "this long (a short run on this machine catches a burst of clock "
                             "speed and skews the ratios)")
    args = parser.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    engine = Uci([os.path.join(ROOT, "target", "release", "amity")], "amity")

    print(f"perft (start position, bulk counting, one thread, {args.rounds} rounds; each variant "
          f"is timed right after a chess sample, both repeated to at least {args.min_seconds:g} s, "
          f"so that each ratio compares samples taken under the same clock speed)")

    def sample(variant, fen, depth):
        engine.set_option("UCI_Variant", variant)
        engine.position(fen=fen)
        engine.sync()
        start = time.monotonic()
        nodes = 0
        while True:
            nodes += engine.perft(depth)[1]
            seconds = time.monotonic() - start
            if seconds >= args.min_seconds:
                return nodes / seconds, nodes, seconds

    chess = PERFT[0]
    samples = {variant: [] for variant, _, _ in PERFT}
    paired = {variant: [] for variant, _, _ in PERFT[1:]}
    for _ in range(args.rounds):
        for variant, fen, depth in PERFT[1:]:
            reference = sample(*chess)
            measured = sample(variant, fen, depth)
            samples["chess"].append(reference)
            samples[variant].append(measured)
            paired[variant].append(measured[0] / reference[0])
    for variant, fen, depth in PERFT:
        rate, nodes, seconds = sorted(samples[variant])[len(samples[variant]) // 2]
        print(f"  {variant:<13} depth {depth}  {nodes:>12} nodes  {seconds:7.2f} s  "
              f"{rate / 1e6:7.1f} Mnps (median of {len(samples[variant])})")

    engine.send(f"bench {args.bench_depth}")
    lines = engine.read_until(lambda line: line.startswith("Nodes/second"), timeout=3600)
    totals = {}
    for line in lines:
        match = re.match(r"\s*\d+\s+(\S+)\s+\d+\s+(\d+)\s+(\d+)\s+\d+", line)
        if match:
            variant, nodes, millis = match.group(1), int(match.group(2)), int(match.group(3))
            sum_nodes, sum_millis = totals.get(variant, (0, 0))
            totals[variant] = (sum_nodes + nodes, sum_millis + millis)
        elif "error" in line:
            print(line)
    print(f"bench depth {args.bench_depth} (per variant, its bench positions together)")
    bench_nps = {}
    for variant, (nodes, millis) in totals.items():
        bench_nps[variant] = nodes * 1000 / max(millis, 1)
        print(f"  {variant:<13} {nodes:>12} nodes  {millis:>7} ms  {bench_nps[variant] / 1e6:7.2f} Mnps")
    engine.quit()

    print("ratio to chess (targets: >= 0.60 for losalamos and moralsupport, >= 0.40 for pacifist)")
    print("  perft: the median of the paired ratios, then every pair's ratio")
    for variant in ("losalamos", "moralsupport", "pacifist"):
        ratios = sorted(paired[variant])
        perft_ratio = ratios[len(ratios) // 2]
        bench_ratio = bench_nps.get(variant, 0) / bench_nps["chess"]
        spread = " ".join(f"{ratio:.2f}" for ratio in paired[variant])
        print(f"  {variant:<13} perft {perft_ratio:5.2f}   bench {bench_ratio:5.2f}   "
              f"(pairs: {spread})")


if __name__ == "__main__":
    main()
