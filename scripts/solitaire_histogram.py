#!/usr/bin/env python3
"""Plots the solitaire benchmark: the distribution of optimal open scores of Parade and
Neighbour deals, from the CSV files `amity solve --deals N --csv FILE` writes, and prints a
text summary of each (histogram, processor times, hidden-pile policy). The CSV is written a
deal at a time, so a run stopped early can still be summarised.

    python3 scripts/solitaire_histogram.py parade.csv neighbour.csv docs/solitaire_scores.png
    python3 scripts/solitaire_histogram.py --summary some.csv
    python3 scripts/solitaire_histogram.py --play-out playout.csv open.csv

The last summarises `amity solve --deals N --play-out --csv FILE` (the hidden-pile policy
played against each deal's real cards): the mean score with its standard error, and the
open optimum of the same deals where the open table proves it.

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


def proven_score(row):
    """A deal's optimal score if proven: by IDA*, or by a win found that reaches the bound
    IDA* proved (nothing can score more, and that win does); else None."""
    if row["score"] != "":
        return int(row["score"])
    high, found = row.get("score_at_most", ""), row.get("best_found", "")
    if high != "" and found != "" and high == found:
        return int(found)
    return None


def read_scores(path):
    """The proven optimal scores of a benchmark CSV, and how many deals were unproven."""
    scores, unproven = [], 0
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            score = proven_score(row)
            if score is None:
                unproven += 1
            else:
                scores.append(score)
    return scores, unproven


def median(values):
    values = sorted(values)
    return values[len(values) // 2] if values else None


def summary(path):
    """Prints a benchmark CSV's histogram and times (needs no matplotlib)."""
    with open(path, newline="") as handle:
        rows = list(csv.DictReader(handle))
    scores = [proven_score(r) for r in rows if proven_score(r) is not None]
    by_search = sum(1 for r in rows if r["score"] != "")
    print(
        f"{path}: {len(rows)} deals, {len(scores)} proven ({by_search} by IDA*, "
        f"{len(scores) - by_search} by a win found at IDA*'s proven bound)"
    )
    counts = Counter(scores)
    for value in sorted(counts):
        print(f"  {value:>4}: {counts[value]:>5} {'#' * -(-counts[value] // 5)}")
    if scores:
        print(f"  mean {sum(scores) / len(scores):.4f}, median {median(scores)}")
    cpu = [float(r["open_cpu_ms"]) for r in rows]
    if cpu:
        worst = max(rows, key=lambda r: float(r["open_cpu_ms"]))
        print(
            f"  open solve processor time: median {median(cpu):.1f} ms, worst "
            f"{max(cpu):.1f} ms ({worst['deal']}, {'proven' if worst['score'] else 'unproven'})"
        )
    unproven = [r for r in rows if proven_score(r) is None and r.get("score_at_most", "") != ""]
    if unproven:
        found = [r for r in unproven if r["best_found"] != ""]
        widths = [int(r["score_at_most"]) - int(r["best_found"]) for r in found]
        print(
            f"  {len(unproven)} unproven: a win found on {len(found)}, the optimum then "
            f"within an interval of width median {median(widths)}, mean "
            f"{sum(widths) / max(len(widths), 1):.2f}, widest {max(widths, default=0)}"
        )
        highs = [int(r["score_at_most"]) for r in unproven]
        print(f"  their proven upper bounds: mean {sum(highs) / len(highs):.2f}")
        if found:
            lows = [int(r["best_found"]) for r in found]
            print(f"  their best wins found: mean {sum(lows) / len(lows):.2f}")
        print("  interval width (upper bound - best found): deals")
        for width, count in sorted(Counter(widths).items()):
            print(f"    {width:>3}: {count}")
    hidden = [r for r in rows if r["hidden_expected"] != ""]
    if hidden:
        expected = [float(r["hidden_expected"]) for r in hidden]
        print(
            f"  hidden-pile policy finished on {len(hidden)} deals: mean expected "
            f"{sum(expected) / len(expected):.4f}"
        )
        both = [(float(r["hidden_expected"]), int(r["score"])) for r in hidden if r["score"]]
        if both:
            print(
                f"  on {len(both)} of them also proven open: mean expected "
                f"{sum(b[0] for b in both) / len(both):.4f}, mean open optimum "
                f"{sum(b[1] for b in both) / len(both):.4f}"
            )
        played = [int(r["hidden_played"]) for r in hidden if r["hidden_played"] != ""]
        if played:
            print(f"  played against the real piles: mean {sum(played) / len(played):.4f}")
        times = [float(r["hidden_cpu_ms"]) for r in hidden]
        print(f"  policy processor time: median {median(times):.1f} ms, worst {max(times):.1f} ms")


def play_out_summary(path, open_path):
    """Prints a play-out CSV's mean score (with its standard error) beside the open optima."""
    with open(path, newline="") as handle:
        rows = list(csv.DictReader(handle))
    with open(open_path, newline="") as handle:
        optimum = {r["deal"]: r for r in csv.DictReader(handle)}
    played = [int(r["played"]) for r in rows]
    count = len(played)
    mean = sum(played) / count
    variance = sum((p - mean) ** 2 for p in played) / max(count - 1, 1)
    print(f"{path}: {count} deals played out")
    print(f"  mean score {mean:.3f} +- {(variance / count) ** 0.5:.3f} (standard error)")
    counts = Counter(played)
    for value in sorted(counts):
        print(f"  {value:>4}: {counts[value]:>5}")
    both = [
        (int(r["played"]), proven_score(optimum[r["deal"]]))
        for r in rows
        if r["deal"] in optimum and proven_score(optimum[r["deal"]]) is not None
    ]
    if both:
        print(
            f"  on the {len(both)} of them proven open: played {sum(b[0] for b in both) / len(both):.3f}, "
            f"open optimum {sum(b[1] for b in both) / len(both):.3f}, "
            f"reached the optimum on {sum(1 for b in both if b[0] == b[1])}"
        )
    decisions = sum(int(r["decisions"]) for r in rows)
    unfinished = sum(int(r["unfinished"]) for r in rows)
    print(f"  decisions with a choice {decisions}, searches that hit their limit {unfinished}")
    times = [float(r["play_cpu_ms"]) for r in rows]
    print(
        f"  processor time per deal: median {median(times):.1f} ms, worst {max(times):.1f} ms, "
        f"total {sum(times) / 1000:.1f} s"
    )


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--play-out":
        play_out_summary(sys.argv[2], sys.argv[3])
        return
    if len(sys.argv) >= 2 and sys.argv[1] == "--summary":
        for path in sys.argv[2:]:
            summary(path)
        return
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    for path in sys.argv[1:3]:
        summary(path)
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
        note = f"\n({unproven} more not proven within the node limit)" if unproven else ""
        axis.set_title(f"{name}: {len(scores)} of {total} deals{note}", fontsize=10)
        axis.set_xlabel("optimal score with the piles open")
        axis.set_ylabel("deals")
        step = 1 if len(values) <= 12 else 2
        axis.set_xticks(range(min(values), max(values) + 1, step))
    figure.suptitle("Amity: optimal open-pile scores of seeded random deals (seed 1)")
    figure.tight_layout()
    figure.savefig(out, dpi=100)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
