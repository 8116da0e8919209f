"""Match statistics as `amity match` prints them (`match/src/stats.rs`, mirrored number for
number: Elo with its 95% bar, likelihood of superiority, the trinomial SPRT), and the
pentanomial SPRT over game pairs that fastchess and OpenBench use."""

import math
from dataclasses import dataclass, field


@dataclass
class Tally:
    """Wins, draws and losses from one side's point of view."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    def games(self):
        return self.wins + self.draws + self.losses

    def score(self):
        games = self.games()
        return 0.5 if games == 0 else (self.wins + self.draws / 2.0) / games

    def record(self, points):
        """Counts one game worth `points` (1, 0.5 or 0) to this side."""
        if points > 0.75:
            self.wins += 1
        elif points < 0.25:
            self.losses += 1
        else:
            self.draws += 1

    def elo(self):
        """(difference, half-width of the 95% interval), infinite when one side scored all."""
        n = max(self.games(), 1)
        s = self.score()
        variance = (
            self.wins * (1 - s) ** 2 + self.draws * (0.5 - s) ** 2 + self.losses * s**2
        ) / n
        deviation = math.sqrt(variance / n)
        difference = elo_of(s)
        margin = (elo_of(s + 1.959964 * deviation) - elo_of(s - 1.959964 * deviation)) / 2
        finite = math.isfinite(difference) and math.isfinite(margin)
        return difference, margin if finite else math.inf

    def likelihood_of_superiority(self):
        decisive = self.wins + self.losses
        if decisive == 0:
            return 0.5
        return 0.5 * (1 + erf((self.wins - self.losses) / math.sqrt(2.0 * decisive)))


def elo_of(score):
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0) + 0.0


def expected_score(elo):
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def erf(x):
    """Abramowitz and Stegun 7.1.26, as stats.rs computes it (so LOS agrees to the digit)."""
    sign = -1.0 if x < 0 else 1.0
    x = abs(x)
    t = 1.0 / (1.0 + 0.3275911 * x)
    poly = t * (
        0.254829592
        + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))
    )
    return sign * (1.0 - poly * math.exp(-x * x))


@dataclass
class Pentanomial:
    """Game pairs (one opening, colours swapped) by the first engine's points in the pair:
    counts[k] is the number of pairs it scored k/2 points in, k = 0 (LL) to 4 (WW)."""

    counts: list = field(default_factory=lambda: [0, 0, 0, 0, 0])

    def record(self, first_points, second_points):
        self.counts[round(2 * (first_points + second_points))] += 1

    def pairs(self):
        return sum(self.counts)


@dataclass
class Sprt:
    elo0: float = 0.0
    elo1: float = 5.0
    alpha: float = 0.05
    beta: float = 0.05

    @staticmethod
    def parse(settings):
        """From `amity match --sprt` settings (elo0=0 elo1=5 alpha=0.05 beta=0.05)."""
        values = {}
        for setting in settings:
            key, _, value = setting.partition("=")
            if key not in ("elo0", "elo1", "alpha", "beta"):
                raise ValueError(f"--sprt: unknown setting '{key}'")
            values[key] = float(value)
        sprt = Sprt(**values)
        if not (sprt.elo0 < sprt.elo1 and 0 < sprt.alpha < 0.5 and 0 < sprt.beta < 0.5):
            raise ValueError("--sprt needs elo0 < elo1 and 0 < alpha, beta < 0.5")
        return sprt

    def bounds(self):
        return (
            math.log(self.beta / (1 - self.alpha)),
            math.log((1 - self.beta) / self.alpha),
        )

    def _llr(self, outcomes):
        """The generalised SPRT's log-likelihood ratio in the normal approximation, for
        (score, count) outcomes of one unit (a game or a pair): n (s1 - s0)(2 mean - s0 - s1)
        / (2 variance)."""
        n = sum(count for _, count in outcomes)
        mean = sum(score * count for score, count in outcomes) / n
        variance = sum(count * (score - mean) ** 2 for score, count in outcomes) / n
        s0, s1 = expected_score(self.elo0), expected_score(self.elo1)
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)

    def llr_trinomial(self, tally):
        """As `amity match` computes it: an empty outcome gets half a game of each."""
        counts = [tally.wins, tally.draws, tally.losses]
        if 0 in counts:
            counts = [count + 0.5 for count in counts]
        return self._llr(list(zip([1.0, 0.5, 0.0], counts)))

    def llr_pentanomial(self, pentanomial):
        """Over game pairs, each scored 0, 1/4, ... 1; when a class is empty every class gets
        a fifth of a pair (one pair spread evenly), so a sweep has a finite LLR, as the
        trinomial test's half game of each does."""
        counts = list(pentanomial.counts)
        if pentanomial.pairs() == 0:
            return 0.0
        if 0 in counts:
            counts = [count + 0.2 for count in counts]
        return self._llr([(k / 4.0, count) for k, count in enumerate(counts)])

    def verdict(self, llr):
        lower, upper = self.bounds()
        if llr >= upper:
            return "H1 was accepted"
        if llr <= lower:
            return "H0 was accepted"
        return None
