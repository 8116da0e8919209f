#!/usr/bin/env python3
"""Log-loss (nats per prediction) of Cloak and Dagger's identity predictions from the CSV of
`variants/examples/cloakanddagger_belief.rs`: each column (the uniform belief over the
arrangements the view leaves possible, and the behaviour-weighted belief at each temperature)
on the training games; the temperature best there is then judged on the held-out games.

Usage: scripts/belief_logloss.py TRAIN.csv HELD_OUT.csv
"""
import csv
import math
import sys


def losses(path):
    with open(path) as handle:
        rows = list(csv.DictReader(handle))
    columns = [c for c in rows[0] if c == "uniform" or c.startswith("t")]
    total = {c: 0.0 for c in columns}
    for row in rows:
        for c in columns:
            total[c] -= math.log(max(float(row[c]), 1e-12))
    return len(rows), {c: total[c] / len(rows) for c in columns}


def main():
    train, held_out = sys.argv[1], sys.argv[2]
    count, fitted = losses(train)
    print(f"training: {count} predictions")
    for column, loss in fitted.items():
        print(f"  {column:>8} {loss:.4f}")
    weighted = {c: v for c, v in fitted.items() if c != "uniform"}
    best = min(weighted, key=weighted.get)
    count, judged = losses(held_out)
    print(f"held out: {count} predictions, temperature {best[1:]} (best on training)")
    print(f"  uniform  {judged['uniform']:.4f}")
    print(f"  weighted {judged[best]:.4f}")


if __name__ == "__main__":
    main()
