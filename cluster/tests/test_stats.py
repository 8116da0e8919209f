"""The driver's statistics agree with `amity match`'s (`match/src/stats.rs`) to the printed
digit, and the pentanomial SPRT gives the numbers of its formula."""

import math
import re

from amity_cluster import pgn
from amity_cluster.stats import Pentanomial, Sprt, Tally
from conftest import plain_match


def test_elo_los_and_sprt_agree_with_amity_match(amity, tmp_path):
    path = str(tmp_path / "small.pgn")
    out = plain_match(amity, ["--engine", "cmd=amity", "depth=3", "name=A",
                              "--engine", "cmd=amity", "depth=1", "name=B",
                              "--games", "12", "--seed", "4", "--max-plies", "100",
                              "--sprt", "elo0=-20", "elo1=400", "alpha=0.1", "beta=0.2"], path)
    tally = Tally()
    with open(path) as text:
        for game in pgn.split_games(text.read()):
            tags = pgn.tags(game)
            points = pgn.white_points(tags["Result"])
            tally.record(points if tags["White"] == "A" else 1 - points)
    assert f"A vs B: {tally.wins} - {tally.losses} - {tally.draws} (W-L-D)" in out, out
    elo = re.search(r"Elo difference: (\S+) \+/- (\S+), LOS: (\S+) %", out)
    difference, margin = tally.elo()
    shown = [f"{value:.1f}" if math.isfinite(value) else "inf" for value in (difference, margin)]
    assert [elo.group(1), elo.group(2)] == shown, out
    assert elo.group(3) == f"{100 * tally.likelihood_of_superiority():.1f}"
    sprt = Sprt.parse(["elo0=-20", "elo1=400", "alpha=0.1", "beta=0.2"])
    llr = re.search(r"llr (\S+) \((\S+)%\), lbound (\S+), ubound (\S+)", out)
    lower, upper = sprt.bounds()
    assert llr.groups() == (f"{sprt.llr_trinomial(tally):.2f}",
                            f"{100 * sprt.llr_trinomial(tally) / upper:.1f}",
                            f"{lower:.2f}", f"{upper:.2f}")


def test_stats_rs_unit_values_hold_here_too():
    sprt = Sprt()
    lower, upper = sprt.bounds()
    assert abs(upper - 2.944) < 1e-3 and abs(lower + 2.944) < 1e-3
    assert sprt.verdict(sprt.llr_trinomial(Tally(400, 100, 100))) == "H1 was accepted"
    assert sprt.verdict(sprt.llr_trinomial(Tally(100, 100, 400))) == "H0 was accepted"
    assert sprt.verdict(sprt.llr_trinomial(Tally(3, 2, 2))) is None
    assert abs(Tally(8, 40, 4).likelihood_of_superiority() - 0.875893) < 1e-5


def test_pentanomial_llr_follows_its_formula():
    sprt = Sprt(elo0=0, elo1=10)
    pairs = Pentanomial([30, 200, 500, 230, 40])
    n = 1000
    mean = (200 * 0.25 + 500 * 0.5 + 230 * 0.75 + 40) / n
    variance = sum(c * (k / 4 - mean) ** 2 for k, c in enumerate(pairs.counts)) / n
    s0, s1 = 0.5, 1 / (1 + 10 ** (-10 / 400))
    assert abs(sprt.llr_pentanomial(pairs) - n * (s1 - s0) * (2 * mean - s0 - s1)
               / (2 * variance)) < 1e-9
    # A sweep is decided without an infinite ratio.
    assert math.isfinite(Sprt(0, 200).llr_pentanomial(Pentanomial([0, 0, 0, 0, 20])))
