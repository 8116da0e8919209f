"""Self-play and labelling in shards on the cluster: shard files and a manifest, no position
twice, each self-play shard the games of one `amity tune` run, and `amity train` reading the
manifest's directory as its data."""

import os
import subprocess

from amity_cluster import data
from conftest import reference_engine


def read_manifest(directory):
    with open(os.path.join(directory, data.MANIFEST)) as manifest:
        header, *entries = manifest.read().splitlines()
    return header, [entry.split() for entry in entries]


def test_selfplay_then_label_then_train(cluster, amity, tmp_path):
    selfplay = str(tmp_path / "selfplay")
    tune = ["--variant", "chess", "--nodes", "300", "--max-plies", "80"]
    argv = [*tune, "--games", "6", "--shard-games", "2", "--seed", "5", "--out", selfplay,
            "--amity", amity]
    assert data.run("selfplay", argv) == 0
    header, entries = read_manifest(selfplay)
    assert header.startswith(data.MANIFEST_HEADER + ": selfplay positions=")
    assert [name for name, _ in entries] == [f"shard-0000{i}.txt" for i in range(3)]
    positions = data.read_positions(selfplay)
    fens = [line.rsplit(";", 1)[0] for line in positions]
    assert len(fens) == len(set(fens)) == sum(int(count) for _, count in entries) > 20

    # Shard 0 holds the positions of `amity tune` with its seed (less any seen before: none).
    alone = str(tmp_path / "alone.txt")
    subprocess.run([amity, "tune", *tune, "--games", "2", "--seed", str(data.shard_seed(5, 0)),
                    "--epochs", "0", "--data", alone], check=True, capture_output=True)
    with open(alone) as text, open(os.path.join(selfplay, "shard-00000.txt")) as shard:
        assert text.read() == shard.read()

    labels = str(tmp_path / "labels")
    argv = [selfplay, "--out", labels, "--variant", "chess", "--nodes", "300",
            "--shard-positions", "40", "--engine", reference_engine("fairy-stockfish")]
    assert data.run("label", argv) == 0
    header, entries = read_manifest(labels)
    assert header.startswith(data.MANIFEST_HEADER + ": label positions=")
    labelled = data.read_positions(labels)
    assert 0 < len(labelled) <= len(positions)
    assert len(entries) == -(-len(positions) // 40)
    assert {line.rsplit(";", 1)[0] for line in labelled} <= set(fens)
    assert all(0 <= float(line.rsplit(";", 1)[1]) <= 1 for line in labelled)

    trained = subprocess.run([amity, "train", "--variant", "chess", "--data", labels,
                              "--epochs", "1", "--hold-out", "0.1"],
                             capture_output=True, text=True)
    assert trained.returncode == 0, trained.stderr
    held = len(labelled) // 10
    assert f"{len(labelled) - held} positions to train on, {held} held out" in trained.stdout
