"""`amity-cluster match`: one `amity match` cut into shards of game numbers, each shard played
by `amity match --game-numbers` on a worker, the games streamed back as they finish, a lost
shard's unfinished games replayed elsewhere, and one PGN, score table and SPRT for the whole.

A game's opening, colours and chance come from the seed and its number alone (the referee's
schedule), so which worker plays it changes nothing: at fixed nodes the games are those of
`amity match` on one machine."""

import argparse
import collections
import os
import re
import subprocess
import tempfile
import time
from dataclasses import dataclass, field

import ray

from . import pgn, runtime
from .stats import Pentanomial, Sprt, Tally

NAMES_LINE = re.compile(r"^(.*) plays \d+ game\(s\) of ")
GAME_LINE = re.compile(r"^Game (\d+) \(")


def numbers_text(numbers):
    """Game numbers as `--game-numbers` reads them, runs written as ranges."""
    numbers = sorted(numbers)
    runs = []
    for number in numbers:
        if runs and runs[-1][1] == number - 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    return ",".join(f"{a}-{b}" if a != b else str(a) for a, b in runs)


@ray.remote(num_cpus=1, max_retries=0)
def play_shard(amity, match_args, numbers):
    """Plays the games `numbers` of the match and yields, as amity finishes them, first
    {"names", "node", "pid"} and then one {"number", "pgn"} a game."""
    binary = runtime.resolve(amity)
    with tempfile.TemporaryDirectory(prefix="amity-shard-") as scratch:
        pgn_path = os.path.join(scratch, "shard.pgn")
        errors_path = os.path.join(scratch, "stderr")
        command = [binary, "match", *match_args, "--game-numbers", numbers_text(numbers)]
        command += ["--pgnout", pgn_path]
        node, pid = runtime.worker_place()
        with open(errors_path, "w") as errors:
            process = runtime.start(command, errors)
        given = 0
        for line in process.stdout:
            names = NAMES_LINE.match(line)
            if names:
                yield {"names": names.group(1).split(" vs "), "node": node, "pid": pid}
            finished = GAME_LINE.match(line)
            if finished:
                # The referee writes a game to the PGN before it prints its line: the file
                # holds this game, the given-th.
                with open(pgn_path) as written:
                    game = pgn.split_games(written.read())[given]
                given += 1
                yield {"number": int(finished.group(1)), "pgn": game}
        if process.wait() != 0:
            with open(errors_path) as errors:
                raise runtime.AmityFailed(f"amity match failed: {errors.read().strip()}")


@dataclass
class Shard:
    numbers: list
    received: set = field(default_factory=set)
    place: tuple = None

    def missing(self):
        return [number for number in self.numbers if number not in self.received]


def driver_parser():
    """The options the driver reads; every other one goes to `amity match` unchanged."""
    parser = argparse.ArgumentParser(
        prog="amity-cluster match",
        allow_abbrev=False,
        description="amity match's arguments, played in shards on a Ray cluster.",
    )
    parser.add_argument("--address", help="Ray cluster address (default: start Ray here)")
    parser.add_argument("--cpus", type=int, help="CPUs of Ray started here (default: all)")
    parser.add_argument("--shard-games", type=int, default=10, help="games a shard plays")
    parser.add_argument("--amity", default=os.environ.get("AMITY", "amity"),
                        help="the binary: a path every node has, or shipped with --ship")
    parser.add_argument("--ship", action="store_true",
                        help="upload the binary to the workers in Ray's runtime environment")
    parser.add_argument("--in-flight", type=int, default=0,
                        help="shards submitted at a time (default: twice the cluster's CPUs)")
    parser.add_argument("--pgnout")
    parser.add_argument("--sprt", nargs="+")
    # Read to size the match, and passed on.
    parser.add_argument("--engine", nargs="+", action="append")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--no-repeat", action="store_true")
    # Each shard plays one game at a time on its one CPU.
    parser.add_argument("--concurrency", type=int, help=argparse.SUPPRESS)
    return parser


@dataclass
class Outcome:
    """What a cluster match ended with."""

    names: list
    games: dict
    head_to_head: Tally
    pentanomial: Pentanomial
    llr: float = None
    verdict: str = None
    replayed: int = 0
    shards: int = 0


class Match:
    """The driver: shards, the games as they arrive, the running statistics."""

    def __init__(self, argv, on_event=None, out=print):
        self.options, rest = driver_parser().parse_known_args(argv)
        options = self.options
        engines = options.engine or [["cmd=amity", "depth=4"], ["cmd=amity", "depth=2"]]
        self.match_args = list(rest) + ["--games", str(options.games),
                                        "--rounds", str(options.rounds)]
        for settings in options.engine or []:
            self.match_args += ["--engine", *settings]
        if options.no_repeat:
            self.match_args.append("--no-repeat")
        self.total = options.games * options.rounds * len(engines) * (len(engines) - 1) // 2
        self.sprt = Sprt.parse(options.sprt) if options.sprt else None
        self.on_event = on_event or (lambda kind, detail: None)
        self.out = out
        self.names = None
        self.games = {}
        self.field = collections.defaultdict(Tally)
        self.head_to_head = Tally()
        self.pentanomial = Pentanomial()
        self.terminations = collections.Counter()
        self.replayed = 0

    def shards(self):
        size = max(1, self.options.shard_games)
        numbers = list(range(1, self.total + 1))
        return collections.deque(Shard(numbers[i:i + size]) for i in range(0, self.total, size))

    def run(self):
        amity, environment = runtime.binary_environment(self.options.amity, self.options.ship)
        runtime.connect(self.options.address, self.options.cpus, environment)
        waiting = self.shards()
        shard_count = len(waiting)
        in_flight = self.options.in_flight or max(
            2, 2 * int(ray.cluster_resources().get("CPU", 1)))
        running = {}
        verdict = llr = None
        started = time.monotonic()
        self.out(f"{self.total} game(s) in {shard_count} shard(s) of at most "
                 f"{self.options.shard_games}, {in_flight} at a time")
        while (waiting or running) and verdict is None:
            while waiting and len(running) < in_flight:
                shard = waiting.popleft()
                running[play_shard.remote(amity, self.match_args, shard.numbers)] = shard
            [ready], _ = ray.wait(list(running), num_returns=1)
            shard = running[ready]
            try:
                item = ray.get(next(ready))
            except StopIteration:
                del running[ready]
                if shard.missing():
                    raise runtime.AmityFailed(f"a shard ended without games {shard.missing()}")
                continue
            except ray.exceptions.RayTaskError:
                # amity itself failed (it is an AmityFailed too): the same elsewhere.
                self.cancel(running)
                raise
            except ray.exceptions.RayError as error:
                # The worker or its node is gone: its finished games are in, the rest go
                # back to the front of the queue to be played elsewhere.
                del running[ready]
                lost = shard.missing()
                self.replayed += len(lost)
                self.out(f"Shard lost ({type(error).__name__} on {shard.place}): "
                         f"replaying game(s) {numbers_text(lost)}")
                self.on_event("lost", lost)
                waiting.appendleft(Shard(lost))
                continue
            if "names" in item:
                self.names = self.names or item["names"]
                shard.place = (item["node"], item["pid"])
                self.on_event("started", shard)
                continue
            shard.received.add(item["number"])
            if self.take(item["number"], item["pgn"]) and self.sprt:
                llr = self.llr()
                verdict = self.sprt.verdict(llr)
        if verdict:
            self.out("SPRT decided; the remaining shards are cancelled.")
        self.cancel(running)
        elapsed = time.monotonic() - started
        self.finish(elapsed)
        return Outcome(self.names, self.games, self.head_to_head, self.pentanomial,
                       llr, verdict, self.replayed, shard_count)

    @staticmethod
    def cancel(running):
        for generator in running:
            ray.cancel(generator, force=True)
        running.clear()

    def take(self, number, game):
        """Counts a finished game once (a replayed game that arrives twice counts once)."""
        if number in self.games:
            return False
        self.games[number] = game
        tags = pgn.tags(game)
        white, black = tags.get("White"), tags.get("Black")
        points = pgn.white_points(tags.get("Result"))
        if points is None:
            points = 0.5
        self.field[white].record(points)
        self.field[black].record(1 - points)
        first = self.points_of_first(number)
        if first is not None:
            self.head_to_head.record(first)
            pair = number + 1 if number % 2 else number - 1
            other = self.points_of_first(pair)
            if not self.options.no_repeat and other is not None:
                self.pentanomial.record(first, other)
        self.terminations[tags.get("Termination", "unknown")] += 1
        self.on_event("game", number)
        self.out(f"Game {number} ({white} vs {black}): {tags.get('Result')} "
                 f"{{{tags.get('Termination')}}}")
        h = self.head_to_head
        self.out(f"{len(self.games)}/{self.total}  Score of {' vs '.join(self.names[:2])}: "
                 f"{h.wins} - {h.losses} - {h.draws}  [{h.score():.3f}]")
        return True

    def points_of_first(self, number):
        """The first engine's points in game `number` against the second, if it is such a
        game and finished."""
        game = self.games.get(number)
        if game is None or not self.names:
            return None
        tags = pgn.tags(game)
        points = pgn.white_points(tags.get("Result"))
        points = 0.5 if points is None else points
        players = (tags.get("White"), tags.get("Black"))
        if players == tuple(self.names[:2]):
            return points
        if players == tuple(reversed(self.names[:2])):
            return 1 - points
        return None

    def llr(self):
        """Pentanomial over the pairs (one opening, colours swapped) when games come in pairs,
        trinomial otherwise."""
        if self.options.no_repeat:
            return self.sprt.llr_trinomial(self.head_to_head)
        return self.sprt.llr_pentanomial(self.pentanomial)

    def finish(self, elapsed):
        if self.options.pgnout:
            with open(self.options.pgnout, "w") as out:
                for number in sorted(self.games):
                    out.write(self.games[number])
        self.summary()
        played = len(self.games)
        endings = ", ".join(f"{name} {count}" for name, count in self.terminations.items())
        self.out(f"Games played: {played}; terminations: {endings}; replayed after a lost "
                 f"shard: {self.replayed}; {elapsed:.1f} s, {played / max(elapsed, 1e-9) * 60:.1f} "
                 "games/minute")
        if self.sprt:
            self.sprt_summary()
        if self.options.pgnout:
            self.check_pgn()

    def summary(self):
        if not self.names:
            return
        self.out("")
        self.out(f"{'Rank':<4} {'Name':<24} {'Elo':>8} {'+/-':>8} {'Games':>6} {'Score':>7} "
                 f"{'Draw':>6}")
        order = sorted(self.names, key=lambda name: -self.field[name].score())
        for rank, name in enumerate(order, 1):
            tally = self.field[name]
            difference, margin = tally.elo()
            draws = 100 * tally.draws / max(tally.games(), 1)
            self.out(f"{rank:<4} {name:<24} {show(difference):>8} {show(margin):>8} "
                     f"{tally.games():>6} {100 * tally.score():>6.1f}% {draws:>5.1f}%")
        h = self.head_to_head
        difference, margin = h.elo()
        self.out("")
        self.out(f"{self.names[0]} vs {self.names[1]}: {h.wins} - {h.losses} - {h.draws} (W-L-D)")
        self.out(f"Elo difference: {show(difference)} +/- {show(margin)}, LOS: "
                 f"{100 * h.likelihood_of_superiority():.1f} %, DrawRatio: "
                 f"{100 * h.draws / max(h.games(), 1):.1f} %")

    def sprt_summary(self):
        sprt = self.sprt
        lower, upper = sprt.bounds()
        kind = "trinomial" if self.options.no_repeat else "pentanomial"
        llr = self.llr()
        state = sprt.verdict(llr) or "no decision yet"
        self.out(f"Ptnml(0-2): {self.pentanomial.counts}")
        self.out(f"SPRT ({kind}): elo0 {fmt(sprt.elo0)} elo1 {fmt(sprt.elo1)} alpha "
                 f"{fmt(sprt.alpha)} beta {fmt(sprt.beta)}: llr {llr:.2f} "
                 f"({100 * llr / upper:.1f}%), lbound {lower:.2f}, ubound {upper:.2f} - {state}")

    def check_pgn(self):
        """Replays the whole PGN with the binary here, as `amity match` checks its own."""
        checked = subprocess.run([runtime.resolve(self.options.amity), "replay",
                                  self.options.pgnout], capture_output=True, text=True)
        last = (checked.stdout.strip().splitlines() or ["(no output)"])[-1]
        self.out(f"PGN check: {last}")


def show(value):
    if value != value or abs(value) == float("inf"):
        return "inf" if value > 0 else "-inf"
    return f"{value:.1f}"


def fmt(value):
    """A number as Rust prints an f64 (5 for 5.0)."""
    return str(int(value)) if float(value).is_integer() else str(value)


def run(argv):
    try:
        outcome = Match(argv).run()
    except (runtime.AmityFailed, ValueError) as error:
        print(f"error: {error}")
        return 2
    return 0 if outcome.games else 1
