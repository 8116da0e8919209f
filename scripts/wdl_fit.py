#!/usr/bin/env python3
"""Fits Amity's win-draw-loss model to its own games, as Stockfish fits its win_rate_model.

Reads PGN files written by `amity match` (every move's comment holds the mover's score,
`{+0.18/10 0.112s}`), keeps (game ply, score in centipawns from the mover's view, result from
the mover's view) for every scored move of a game that ended by the rules or by adjudication
(time forfeits are left out: their result says nothing about the score), and fits

    P(win)  = 1 / (1 + exp((a - v) / b))
    P(loss) = 1 / (1 + exp((a + v) / b))
    P(draw) = 1 - P(win) - P(loss)

where a and b are cubic polynomials of m = min(ply, last) / 64, `last` being the last ply
fitted (240 at most). As Stockfish's WDL tool does,
the fit is in two steps: the (a, b) of largest likelihood for each bucket of 8 plies, then a
least-squares cubic through the buckets' values, weighted by their sizes.

Prints the eight coefficients as Rust constants for `variants/` and the log-loss of the
model on the data (against a model that ignores the score), so a new fit can be compared.

    python3 scripts/wdl_fit.py chess games.pgn [more.pgn ...] [--csv data/wdl/chess.csv]
    python3 scripts/wdl_fit.py losalamos --from-csv data/wdl/losalamos.csv

Pure Python: nothing to install.
"""

import argparse
import csv
import math
import re
import sys

PLY_CAP = 240
PLY_SCALE = 64.0
BUCKET = 8
MIN_BUCKET = 500  # fewer moves than this fit a bucket too loosely to trust
MATE_CP = 4000  # a mate score, for the fit: far beyond every evaluation
SCORE_CAP = 2000  # scores beyond this say only "won": kept out of the fit

COMMENT = re.compile(r"\{([^}]*)\}")
SCORE = re.compile(r"^([+-]?)(M?)(\d+(?:\.\d+)?)/")


def samples_from_pgn(path):
    """(ply, centipawns, outcome) for each scored move; outcome is 1, 0.5 or 0 for the mover."""
    text = open(path, encoding="utf-8").read()
    for game in re.split(r"\n(?=\[Event )", text):
        result = re.search(r'\[Result "([^"]+)"\]', game)
        termination = re.search(r'\[Termination "([^"]+)"\]', game)
        if not result or result.group(1) not in ("1-0", "0-1", "1/2-1/2"):
            continue
        if termination and termination.group(1) not in ("normal", "adjudication"):
            continue
        white = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result.group(1)]
        movetext = game[game.find("\n\n") :]
        # The comments in order: the n-th belongs to ply n (1 = White's first move).
        for ply, comment in enumerate(COMMENT.findall(movetext), start=1):
            found = SCORE.match(comment.strip())
            if not found:
                continue
            sign = -1 if found.group(1) == "-" else 1
            if found.group(2) == "M":
                cp = sign * MATE_CP
            else:
                cp = sign * round(float(found.group(3)) * 100)
            mover_white = ply % 2 == 1
            outcome = white if mover_white else 1.0 - white
            yield ply, cp, outcome


def sigmoid(x):
    if x < -60:
        return 0.0
    if x > 60:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def nll(a, b, points):
    """Mean negative log-likelihood of (cp, outcome) points under the model (a, b)."""
    if b <= 1:
        return float("inf")
    total = 0.0
    for cp, outcome in points:
        win = sigmoid((cp - a) / b)
        loss = sigmoid((-cp - a) / b)
        p = {1.0: win, 0.0: loss}.get(outcome, 1.0 - win - loss)
        total -= math.log(max(p, 1e-9))
    return total / len(points)


def nelder_mead(f, start, step, iterations=300):
    """Minimises f over two variables from start (a small Nelder-Mead, no library)."""
    simplex = [list(start), [start[0] + step[0], start[1]], [start[0], start[1] + step[1]]]
    values = [f(*p) for p in simplex]
    for _ in range(iterations):
        order = sorted(range(3), key=lambda i: values[i])
        simplex = [simplex[i] for i in order]
        values = [values[i] for i in order]
        centre = [(simplex[0][k] + simplex[1][k]) / 2 for k in range(2)]
        worst = simplex[2]
        reflected = [centre[k] + (centre[k] - worst[k]) for k in range(2)]
        value = f(*reflected)
        if value < values[0]:
            expanded = [centre[k] + 2 * (centre[k] - worst[k]) for k in range(2)]
            expanded_value = f(*expanded)
            if expanded_value < value:
                simplex[2], values[2] = expanded, expanded_value
            else:
                simplex[2], values[2] = reflected, value
        elif value < values[1]:
            simplex[2], values[2] = reflected, value
        else:
            contracted = [centre[k] + 0.5 * (worst[k] - centre[k]) for k in range(2)]
            contracted_value = f(*contracted)
            if contracted_value < values[2]:
                simplex[2], values[2] = contracted, contracted_value
            else:
                for i in (1, 2):
                    simplex[i] = [(simplex[0][k] + simplex[i][k]) / 2 for k in range(2)]
                    values[i] = f(*simplex[i])
    best = min(range(3), key=lambda i: values[i])
    return simplex[best], values[best]


def solve(matrix, vector):
    """Solves a small linear system by Gaussian elimination with partial pivoting."""
    n = len(vector)
    rows = [list(matrix[i]) + [vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col])]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def cubic_fit(xs, ys, weights):
    """Weighted least squares cubic through (xs, ys): coefficients, highest power first."""
    powers = [[x**p for p in (3, 2, 1, 0)] for x in xs]
    normal = [[sum(w * r[i] * r[j] for r, w in zip(powers, weights)) for j in range(4)] for i in range(4)]
    right = [sum(w * r[i] * y for r, y, w in zip(powers, ys, weights)) for i in range(4)]
    return solve(normal, right)


def poly(coefficients, m):
    value = 0.0
    for c in coefficients:
        value = value * m + c
    return value


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("pgn", nargs="*")
    parser.add_argument("--csv", help="write the samples here (ply,cp,outcome)")
    parser.add_argument("--from-csv", help="read the samples from this CSV instead of PGN")
    args = parser.parse_args()

    if args.from_csv:
        with open(args.from_csv, newline="") as f:
            samples = [(int(r["ply"]), int(r["cp"]), float(r["outcome"])) for r in csv.DictReader(f)]
    else:
        samples = [s for path in args.pgn for s in samples_from_pgn(path)]
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            out = csv.writer(f)
            out.writerow(["ply", "cp", "outcome"])
            out.writerows(samples)
    fitted = [(ply, cp, outcome) for ply, cp, outcome in samples if abs(cp) <= SCORE_CAP]
    print(f"{args.variant}: {len(samples)} scored moves, {len(fitted)} within +-{SCORE_CAP} cp", file=sys.stderr)

    buckets = {}
    for ply, cp, outcome in fitted:
        buckets.setdefault(min(ply, PLY_CAP) // BUCKET, []).append((cp, outcome))
    xs, a_values, b_values, weights = [], [], [], []
    for bucket in sorted(buckets):
        points = buckets[bucket]
        if len(points) < MIN_BUCKET:
            continue
        (a, b), _ = nelder_mead(lambda a, b: nll(a, b, points), (100.0, 60.0), (40.0, 20.0))
        xs.append((bucket * BUCKET + BUCKET / 2) / PLY_SCALE)
        a_values.append(a)
        b_values.append(b)
        weights.append(len(points))
        print(f"  plies {bucket * BUCKET:3}-{bucket * BUCKET + BUCKET - 1:3}: a={a:7.1f} b={b:6.1f} ({len(points)} moves)", file=sys.stderr)
    # The model holds beyond the last bucket fitted no better than a cubic extrapolates.
    last_ply = min(PLY_CAP, round(xs[-1] * PLY_SCALE + BUCKET / 2 - 1))
    a_poly = cubic_fit(xs, a_values, weights)
    b_poly = cubic_fit(xs, b_values, weights)

    def model_nll(points):
        total = 0.0
        for ply, cp, outcome in points:
            m = min(ply, last_ply) / PLY_SCALE
            total += nll(poly(a_poly, m), max(poly(b_poly, m), 2.0), [(cp, outcome)])
        return total / len(points)

    counts = {o: sum(1 for *_, outcome in fitted if outcome == o) for o in (1.0, 0.5, 0.0)}
    prior = -sum(n / len(fitted) * math.log(n / len(fitted)) for n in counts.values() if n)
    print(f"log-loss: model {model_nll(fitted):.4f} nats, score ignored {prior:.4f} nats", file=sys.stderr)
    print(f"// {args.variant}: fitted by scripts/wdl_fit.py on {len(fitted)} scored moves")
    print("a: [" + ", ".join(f"{c:.3f}" for c in a_poly) + "]")
    print("b: [" + ", ".join(f"{c:.3f}" for c in b_poly) + "]")
    print(f"last_ply: {last_ply}")


if __name__ == "__main__":
    main()
