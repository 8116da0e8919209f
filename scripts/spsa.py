#!/usr/bin/env python3
"""SPSA tuning of Amity's search parameters, driven by `amity match`.

Each iteration perturbs every parameter by +-c_k (one SPSA step at first, shrinking as
k^-gamma), plays the "plus" engine against the "minus" engine for a few game pairs at a fixed
node count (fair on a shared machine, where clocks are not), and moves every parameter along
the measured gradient by a_k. The parameters, their ranges and first steps come from
`amity search-parameters`; the engines get them through the `SearchParameters` option.

    scripts/spsa.py --amity target/release/amity --variant chess --iterations 400 \\
        --pairs 2 --nodes 8000 --log spsa.jsonl

Only the Python standard library is needed. The last line of the log holds the tuned values;
`--params` restricts tuning to some parameters. Verify the result with an SPRT match:
    amity match --engine cmd=BIN option.SearchParameters=<tuned> name=tuned nodes=N \\
        --engine cmd=BIN name=default nodes=N --games 800 --sprt elo0=0 elo1=5
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile


def read_parameters(amity):
    out = subprocess.run([amity, "search-parameters"], check=True, capture_output=True,
                         text=True).stdout.split("\n")
    table = {}
    for line in out[1:]:
        if line.strip():
            name, default, low, high, step = line.split()
            table[name] = dict(default=int(default), min=int(low), max=int(high),
                               step=int(step))
    return table


def setting(values):
    return ",".join(f"{name}={value}" for name, value in values.items())


def play(args, plus, minus, seed):
    """Plays `args.pairs` game pairs of plus against minus; returns plus's wins - losses."""
    with tempfile.TemporaryDirectory() as folder:
        pgn = os.path.join(folder, "games.pgn")
        command = [
            args.amity, "match", "--variant", args.variant,
            "--engine", f"cmd={args.amity}", "name=plus", f"nodes={args.nodes}",
            f"option.SearchParameters={setting(plus)}",
            "--engine", f"cmd={args.amity}", "name=minus", f"nodes={args.nodes}",
            f"option.SearchParameters={setting(minus)}",
            "--games", str(2 * args.pairs), "--concurrency", str(args.concurrency),
            "--random-plies", str(args.random_plies), "--seed", str(seed),
            "--pgnout", pgn,
        ]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"amity match failed: {done.stderr.strip()}")
        text = open(pgn).read()
    balance = 0
    for game in text.split("[Event ")[1:]:
        white = re.search(r'\[White "([^"]*)"\]', game).group(1)
        result = re.search(r'\[Result "([^"]*)"\]', game).group(1)
        sign = 1 if white == "plus" else -1
        balance += sign * {"1-0": 1, "0-1": -1}.get(result, 0)
    return balance


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--amity", default="target/release/amity")
    parser.add_argument("--variant", default="chess")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--pairs", type=int, default=2, help="game pairs per iteration")
    parser.add_argument("--nodes", type=int, default=8000, help="nodes per move")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--random-plies", type=int, default=8)
    parser.add_argument("--params", help="comma-separated names (default: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--a", type=float, default=0.1,
                        help="first move size, in steps, for a one-game-pair imbalance")
    parser.add_argument("--alpha", type=float, default=0.602)
    parser.add_argument("--gamma", type=float, default=0.101)
    parser.add_argument("--log", default="spsa.jsonl", help="one JSON line per iteration")
    parser.add_argument("--resume", action="store_true", help="start from the log's last line")
    args = parser.parse_args()

    table = read_parameters(args.amity)
    names = args.params.split(",") if args.params else list(table)
    unknown = [name for name in names if name not in table]
    if unknown:
        sys.exit(f"unknown parameters {unknown}; known: {', '.join(table)}")
    theta = {name: float(table[name]["default"]) for name in names}
    first = 1
    if args.resume and os.path.exists(args.log):
        last = json.loads(open(args.log).read().strip().split("\n")[-1])
        theta.update({name: value for name, value in last["theta"].items() if name in theta})
        first = last["iteration"] + 1
    big_a = 0.1 * args.iterations
    rng = random.Random(args.seed)
    for k in range(first, args.iterations + 1):
        c_k = 1.0 / k ** args.gamma
        a_k = args.a * (big_a + 1) ** args.alpha / (big_a + k) ** args.alpha
        delta = {name: rng.choice((-1, 1)) for name in names}
        plus, minus = {}, {}
        for name in names:
            spec = table[name]
            shift = c_k * spec["step"] * delta[name]
            plus[name] = min(spec["max"], max(spec["min"], round(theta[name] + shift)))
            minus[name] = min(spec["max"], max(spec["min"], round(theta[name] - shift)))
        balance = play(args, plus, minus, args.seed * 1_000_003 + k)
        for name in names:
            spec = table[name]
            # The gradient in units of steps; the move is a_k steps per unit of imbalance
            # per game pair.
            move = a_k * balance / args.pairs / c_k * delta[name] * spec["step"]
            theta[name] = min(spec["max"], max(spec["min"], theta[name] + move))
        record = {"iteration": k, "balance": balance, "theta": theta,
                  "setting": setting({n: round(v) for n, v in theta.items()})}
        with open(args.log, "a") as log:
            log.write(json.dumps(record) + "\n")
        print(f"{k}: {balance:+d}  {record['setting']}", flush=True)


if __name__ == "__main__":
    main()
