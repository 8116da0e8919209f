"""A Ray cluster of three nodes on this machine (Ray's own test utilities): a head that runs
no shard and two workers of one CPU each, and the amity binary the shards run."""

import os
import shutil
import subprocess

import pytest
import ray
from ray.cluster_utils import Cluster

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(scope="session")
def amity():
    """The binary: $AMITY, else the quick build in $CARGO_TARGET_DIR (or target/)."""
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(REPOSITORY, "target"))
    path = os.environ.get("AMITY") or os.path.join(target, "quick", "amity")
    assert os.path.isfile(path), f"no amity binary at {path}: cargo build --profile quick"
    return os.path.abspath(path)


@pytest.fixture(scope="session")
def cluster():
    nodes = Cluster(
        initialize_head=True,
        head_node_args={"num_cpus": 0, "object_store_memory": 80 * 2**20},
    )
    workers = [nodes.add_node(num_cpus=1, object_store_memory=80 * 2**20) for _ in range(2)]
    nodes.wait_for_nodes()
    ray.init(address=nodes.address, log_to_driver=False)
    yield nodes, workers
    ray.shutdown()
    nodes.shutdown()


def plain_match(amity, arguments, pgn_path):
    """`amity match` on this machine, one game at a time: the reference."""
    done = subprocess.run([amity, "match", *arguments, "--pgnout", pgn_path],
                          capture_output=True, text=True, check=True)
    return done.stdout


def reference_engine(name):
    return shutil.which(name) or f"/usr/games/{name}"
