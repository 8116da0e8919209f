"""A match on the three-node cluster: the same games as `amity match` on one machine, game by
game, in chess and in a game that hides information; a killed worker loses no game and
counts none twice; an SPRT that decides cancels the rest of the match; an engine that will
not run loses its games as `amity match` scores them."""

import os
import signal

import pytest

from amity_cluster import pgn
from amity_cluster.matches import Match, numbers_text
from conftest import plain_match

ENGINES = ["--engine", "cmd=amity", "nodes=2000", "name=Wide",
           "--engine", "cmd=amity", "nodes=1000", "name=Narrow"]


def arguments(variant):
    return ["--variant", variant, *ENGINES, "--games", "40", "--seed", "11",
            "--max-plies", "120"]


@pytest.fixture(scope="module")
def reference(amity, tmp_path_factory):
    """Each variant's 40 games played by plain `amity match`, by game number."""
    games = {}
    for variant in ("chess", "booster"):
        path = str(tmp_path_factory.mktemp("plain") / f"{variant}.pgn")
        plain_match(amity, arguments(variant), path)
        with open(path) as text:
            games[variant] = pgn.split_games(text.read())
    return games


def cluster_match(amity, argv, tmp_path, on_event=None):
    path = str(tmp_path / "cluster.pgn")
    lines = []
    match = Match([*argv, "--amity", amity, "--pgnout", path], on_event, lines.append)
    outcome = match.run()
    with open(path) as text:
        return outcome, pgn.split_games(text.read()), "\n".join(lines)


@pytest.mark.parametrize("variant", ["chess", "booster"])
def test_the_cluster_plays_the_games_of_one_machine(cluster, amity, reference, tmp_path,
                                                    variant):
    outcome, games, out = cluster_match(
        amity, [*arguments(variant), "--shard-games", "6"], tmp_path)
    assert outcome.shards == 7
    expected = reference[variant]
    assert len(games) == len(expected) == 40
    for number, (ours, theirs) in enumerate(zip(games, expected), 1):
        ours_tags, their_tags = pgn.tags(ours), pgn.tags(theirs)
        for tag in ("White", "Black", "Result", "Termination", "FEN", "Seed"):
            assert ours_tags.get(tag) == their_tags.get(tag), (number, tag)
        assert pgn.moves(ours) == pgn.moves(theirs), f"game {number} differs"
    assert "PGN check: 40 game(s) read, 40 replayed legally" in out, out
    assert "Rank Name" in out and "Elo difference: " in out


def test_a_killed_worker_loses_no_game_and_counts_none_twice(cluster, amity, reference,
                                                             tmp_path):
    killed = []

    def kill_once(kind, detail):
        # The first shard to finish a game is killed mid-shard, with its amity.
        if kind == "game" and not killed:
            for shard in running_shards:
                if shard.place and 0 < len(shard.received) < len(shard.numbers):
                    os.kill(shard.place[1], signal.SIGKILL)
                    killed.append(shard.numbers)
                    return
        if kind == "started":
            running_shards.append(detail)

    running_shards = []
    outcome, games, out = cluster_match(
        amity, [*arguments("chess"), "--shard-games", "8"], tmp_path, kill_once)
    assert killed, out
    assert outcome.replayed > 0, out
    assert "Shard lost" in out
    numbers = sorted(outcome.games)
    assert numbers == list(range(1, 41)), numbers_text(numbers)
    # Every game exactly once, in order, and each the game one machine plays.
    assert [pgn.moves(game) for game in games] == [
        pgn.moves(game) for game in reference["chess"]]


def test_a_decided_sprt_cancels_the_rest_of_the_match(cluster, amity, tmp_path):
    argv = ["--engine", "cmd=amity", "depth=4", "name=Deep",
            "--engine", "cmd=amity", "depth=1", "name=Shallow",
            "--games", "400", "--seed", "3", "--max-plies", "160", "--shard-games", "4",
            "--sprt", "elo0=0", "elo1=150", "alpha=0.05", "beta=0.05"]
    outcome, games, out = cluster_match(amity, argv, tmp_path)
    assert outcome.verdict == "H1 was accepted", out
    assert len(games) < 100, out
    assert outcome.llr >= 2.94
    assert "SPRT decided; the remaining shards are cancelled." in out
    assert "SPRT (pentanomial): elo0 0 elo1 150" in out
    assert sum(outcome.pentanomial.counts) >= 1


def test_an_engine_that_will_not_run_loses_its_games_as_in_amity_match(cluster, amity,
                                                                       tmp_path):
    argv = ["--engine", "cmd=amity", "depth=1", "name=Fine",
            "--engine", "cmd=/bin/false", "name=Broken",
            "--games", "4", "--random-plies", "0", "--shard-games", "2"]
    outcome, games, out = cluster_match(amity, argv, tmp_path)
    assert (outcome.head_to_head.wins, outcome.head_to_head.losses) == (4, 0), out
    assert "Games played: 4; terminations: abandoned 4;" in out
    assert all(pgn.tags(game)["Termination"] == "abandoned" for game in games)
