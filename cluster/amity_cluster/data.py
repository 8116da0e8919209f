"""`amity-cluster selfplay` and `amity-cluster label`: training data made in shards on the
cluster and written as shard files with a manifest that `amity train` and `amity tune` read
as one data set (`--data DIR`). Positions are deduplicated by FEN across all shards, the
first shard's copy kept.

A self-play shard is `amity tune --epochs 0` with a seed of its own; a labelling shard asks
a reference engine (Stockfish, or Fairy-Stockfish for `--variant`) as
`scripts/stockfish_labels.py` does. Either is a pure function of its input, so Ray may run
it again after a lost worker: the driver writes each shard once, when its result arrives."""

import argparse
import hashlib
import math
import os
import shutil
import subprocess
import tempfile
import time

import ray

from . import runtime

MANIFEST = "manifest.txt"
MANIFEST_HEADER = "# amity-cluster manifest"


def shard_seed(seed, shard):
    """Shard `shard`'s `amity tune --seed`: tune seeds game g with seed * 1000003 + g, so
    distinct shard seeds and fewer than 1000003 games a shard never repeat a game's seed."""
    return seed * 100_000 + shard


@ray.remote(max_retries=3)
def selfplay_shard(amity, tune_args, games, seed):
    """The positions (`fen;result` lines) of `games` self-play games from `seed`."""
    with tempfile.TemporaryDirectory(prefix="amity-selfplay-") as scratch:
        data = os.path.join(scratch, "positions.txt")
        command = [runtime.resolve(amity), "tune", *tune_args, "--data", data,
                   "--games", str(games), "--seed", str(seed), "--epochs", "0"]
        with open(os.path.join(scratch, "stderr"), "w") as errors:
            process = runtime.start(command, errors)
            process.stdout.read()
            failed = process.wait() != 0
        if failed:
            with open(os.path.join(scratch, "stderr")) as errors:
                raise runtime.AmityFailed(f"amity tune failed: {errors.read().strip()}")
        with open(data) as positions:
            return positions.read().splitlines()


class Referee:
    """A reference engine over UCI that scores positions for White."""

    def __init__(self, path, variant):
        with open(os.devnull, "w") as quiet:
            self.process = runtime.start([path], quiet, stdin=subprocess.PIPE)
        settings = ["uci", "setoption name Threads value 1", "setoption name Hash value 16"]
        if variant:
            settings.append(f"setoption name UCI_Variant value {variant}")
        self.ask(settings + ["isready"], "readyok")

    def ask(self, lines, until):
        """Sends `lines`, returns the engine's lines up to the one starting with `until`."""
        self.process.stdin.write("".join(line + "\n" for line in lines))
        self.process.stdin.flush()
        answer = []
        for line in self.process.stdout:
            answer.append(line.split())
            if line.startswith(until):
                return answer
        raise runtime.AmityFailed("the reference engine exited")

    def centipawns(self, fen, nodes):
        """White's score, or None when the last exact score is a mate."""
        score = None
        for words in self.ask([f"position fen {fen}", f"go nodes {nodes}"], "bestmove"):
            if "score" in words and not {"upperbound", "lowerbound"} & set(words):
                kind, value = words[words.index("score") + 1:][:2]
                score = int(value) if kind == "cp" else None
        if score is None or fen.split()[1] == "w":
            return score
        return -score

    def close(self):
        self.process.kill()
        self.process.wait()


@ray.remote(max_retries=3)
def label_shard(lines, engine, variant, nodes, result_weight, max_cp):
    """`fen;label` lines: the engine's expected score for White, blended with the game's
    result by `result_weight`; mates and scores beyond `max_cp` are dropped."""
    path = shutil.which(engine) or engine
    referee = Referee(path, variant)
    labelled = []
    try:
        for line in lines:
            fen, result = line.rsplit(";", 1)
            cp = referee.centipawns(fen, nodes)
            if cp is None or abs(cp) > max_cp:
                continue
            expected = 1.0 / (1.0 + math.pow(10.0, -cp / 400.0))
            label = (1 - result_weight) * expected + result_weight * float(result)
            labelled.append(f"{fen};{label:.4f}")
    finally:
        referee.close()
    return labelled


def fen_key(line):
    """The position of a `fen;value` line, hashed (8 bytes a position in the driver's set)."""
    fen = line.rsplit(";", 1)[0].strip()
    return hashlib.blake2b(fen.encode(), digest_size=8).digest()


class ShardWriter:
    """Writes shards into a directory as they arrive, dropping positions seen before, and the
    manifest at the end."""

    def __init__(self, directory, kind):
        self.directory = directory
        self.kind = kind
        self.seen = set()
        self.files = []
        self.duplicates = 0
        os.makedirs(directory, exist_ok=True)

    def write(self, index, lines):
        kept = []
        for line in lines:
            if ";" not in line:
                continue
            key = fen_key(line)
            if key in self.seen:
                self.duplicates += 1
                continue
            self.seen.add(key)
            kept.append(line)
        name = f"shard-{index:05}.txt"
        with open(os.path.join(self.directory, name), "w") as shard:
            shard.write("".join(line + "\n" for line in kept))
        self.files.append((index, name, len(kept)))

    def finish(self, details):
        """The manifest: a header line, then one `file positions` line a shard in shard
        order (the order `amity train` reads them, its held-out tail the last shard's)."""
        self.files.sort()
        total = sum(count for _, _, count in self.files)
        path = os.path.join(self.directory, MANIFEST)
        with open(path, "w") as manifest:
            manifest.write(f"{MANIFEST_HEADER}: {self.kind} positions={total} "
                           f"duplicates={self.duplicates} {details}\n")
            for _, name, count in self.files:
                manifest.write(f"{name} {count}\n")
        return total


def read_positions(source):
    """`fen;value` lines of a data file, or of every shard a manifest (or its directory)
    lists, in order."""
    if os.path.isdir(source):
        source = os.path.join(source, MANIFEST)
    with open(source) as text:
        lines = text.read().splitlines()
    if not lines or not lines[0].startswith(MANIFEST_HEADER):
        return [line.strip() for line in lines if ";" in line]
    directory = os.path.dirname(source)
    positions = []
    for entry in lines[1:]:
        if entry.strip():
            positions += read_positions(os.path.join(directory, entry.split()[0]))
    return positions


def gather(writer, tasks):
    """Writes each shard's result as it arrives (shard order is kept by the file names);
    the seconds it took."""
    started = time.monotonic()
    pending = dict(tasks)
    while pending:
        [ready], _ = ray.wait(list(pending), num_returns=1)
        index = pending.pop(ready)
        writer.write(index, ray.get(ready))
        print(f"shard {index} done, {len(pending)} to go", flush=True)
    return time.monotonic() - started


def run_selfplay(argv):
    parser = argparse.ArgumentParser(prog="amity-cluster selfplay", allow_abbrev=False,
                                     description="amity tune's self-play data, in shards.")
    parser.add_argument("--out", required=True, help="directory of shards and manifest")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--shard-games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--address")
    parser.add_argument("--cpus", type=int, help="CPUs of Ray started here (default: all)")
    parser.add_argument("--amity", default=os.environ.get("AMITY", "amity"))
    parser.add_argument("--ship", action="store_true")
    parser.add_argument("--shard-cpus", type=float, default=1,
                        help="CPUs Ray reserves for a shard (amity tune uses every core it sees)")
    options, tune_args = parser.parse_known_args(argv)
    amity, environment = runtime.binary_environment(options.amity, options.ship)
    runtime.connect(options.address, options.cpus, environment)
    task = selfplay_shard.options(num_cpus=options.shard_cpus)
    size = max(1, options.shard_games)
    tasks = {}
    for index, first in enumerate(range(0, options.games, size)):
        games = min(size, options.games - first)
        seed = shard_seed(options.seed, index)
        tasks[task.remote(amity, tune_args, games, seed)] = index
    writer = ShardWriter(options.out, "selfplay")
    elapsed = gather(writer, tasks)
    total = writer.finish(f"games={options.games} seed={options.seed}")
    print(f"{total} positions in {len(tasks)} shard(s), {writer.duplicates} duplicate(s) "
          f"dropped: {os.path.join(options.out, MANIFEST)}; {elapsed:.1f} s, "
          f"{options.games / max(elapsed, 1e-9) * 60:.1f} games/minute")
    return 0


def run_label(argv):
    parser = argparse.ArgumentParser(prog="amity-cluster label", allow_abbrev=False,
                                     description="positions labelled by a reference engine.")
    parser.add_argument("source", help="fen;result lines: a file, a manifest or its directory")
    parser.add_argument("--out", required=True)
    parser.add_argument("--variant", help="label with fairy-stockfish playing this UCI_Variant")
    parser.add_argument("--engine", help="the reference engine (default: stockfish or "
                        "fairy-stockfish, on PATH or in /usr/games on every node)")
    parser.add_argument("--nodes", type=int, default=8000)
    parser.add_argument("--shard-positions", type=int, default=5000)
    parser.add_argument("--result-weight", type=float, default=0.0)
    parser.add_argument("--max-cp", type=int, default=2000)
    parser.add_argument("--address")
    parser.add_argument("--cpus", type=int, help="CPUs of Ray started here (default: all)")
    options = parser.parse_args(argv)
    runtime.connect(options.address, options.cpus)
    package = "fairy-stockfish" if options.variant else "stockfish"
    engine = options.engine or shutil.which(package) or f"/usr/games/{package}"
    positions, seen = [], set()
    for line in read_positions(options.source):
        key = fen_key(line)
        if key not in seen:
            seen.add(key)
            positions.append(line)
    size = max(1, options.shard_positions)
    tasks = {}
    for index, first in enumerate(range(0, len(positions), size)):
        shard = label_shard.remote(positions[first:first + size], engine, options.variant,
                                   options.nodes, options.result_weight, options.max_cp)
        tasks[shard] = index
    writer = ShardWriter(options.out, "label")
    elapsed = gather(writer, tasks)
    total = writer.finish(f"nodes={options.nodes} engine={os.path.basename(engine)}")
    print(f"{total} of {len(positions)} distinct positions labelled "
          f"(mates and beyond {options.max_cp} cp dropped): "
          f"{os.path.join(options.out, MANIFEST)}; {elapsed:.1f} s, "
          f"{len(positions) / max(elapsed, 1e-9):.1f} positions/s")
    return 0


def run(command, argv):
    try:
        return (run_selfplay if command == "selfplay" else run_label)(argv)
    except runtime.AmityFailed as error:
        print(f"error: {error}")
        return 2
