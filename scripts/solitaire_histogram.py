#!/usr/bin/env python3
"""Plots the solitaire benchmark: the distribution of optimal open scores of Parade and
Neighbour deals, from the CSV files `amity solve --deals N --csv FILE` writes.

    python3 scripts/solitaire_histogram.py parade.csv neighbour.csv docs/solitaire_scores.png

matplotlib is installed into a private virtual environment (under the system's temporary
directory) the first time, so the script needs only python3 with venv and pip.
"""

import csv
import os
import subprocess
import sys
import tempfile
from collections import Counter

VENV = os.path.join(tempfile.gettempdir(), "amity-plot-venv")


def ensure_matplotlib():
    """Re-runs this script inside a virtual environment that has matplotlib."""
    try:
        import matplotlib  # noqa: F401

        return
    except ImportError:
        pass
    python = os.path.join(VENV, "bin", "python")
    if os.environ.get("AMITY_PLOT_VENV") == "1":
        sys.exit("error: matplotlib did not install")
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
        subprocess.run([python, "-m", "pip", "install", "--quiet", "matplotlib"], check=True)
    env = dict(os.environ, AMITY_PLOT_VENV="1")
    os.execve(python, [python, os.path.abspath(__file__), *sys.argv[1:]], env)


def read_scores(path):
    """The proven optimal scores of a benchmark CSV, and how many deals were unproven."""
    scores, unproven = [], 0
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            if row["score"] == "":
                unproven += 1
            else:
                scores.append(int(row["score"]))
    return scores, unproven


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    ensure_matplotlib()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    parade_csv, neighbour_csv, out = sys.argv[1:]
    figure, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    for axis, path, name, colour in [
        (axes[0], parade_csv, "Parade", "#4c72b0"),
        (axes[1], neighbour_csv, "Neighbour", "#55a868"),
    ]:
        scores, unproven = read_scores(path)
        counts = Counter(scores)
        values = sorted(counts)
        axis.bar(values, [counts[v] for v in values], color=colour, width=0.8)
        for value in values:
            axis.annotate(
                str(counts[value]),
                (value, counts[value]),
                ha="center",
                va="bottom",
                fontsize=8,
            )
        total = len(scores) + unproven
        note = f", {unproven} not proven in time" if unproven else ""
        axis.set_title(f"{name}: {len(scores)} of {total} deals proven{note}")
        axis.set_xlabel("optimal score, piles open (cards left)")
        axis.set_ylabel("deals")
        axis.set_xticks(values)
    figure.suptitle("Amity: optimal open-pile scores of seeded random deals (seed 1)")
    figure.tight_layout()
    figure.savefig(out, dpi=100)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
