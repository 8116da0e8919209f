"""Where the work runs: connecting to Ray (a running cluster, or one started on this machine),
how the `amity` binary reaches the workers, and running it there so it dies with its worker."""

import os
import shutil
import signal
import subprocess
import sys
import tempfile

import ray

#: Linux's prctl option that sends the child a signal when its parent dies.
PR_SET_PDEATHSIG = 1


class AmityFailed(RuntimeError):
    """The amity binary ended with an error: the work itself is wrong (bad arguments, unknown
    variant), so replaying it elsewhere would fail alike."""


def connect(address=None, cpus=None, environment=None):
    """Joins the cluster at `address` ("auto" finds a local `ray start`), or starts Ray on
    this machine with `cpus` CPUs (all by default); a connection made before (a test's
    cluster) is kept. `environment` is the job's runtime environment (Ray uploads a local
    directory only for a whole job)."""
    if ray.is_initialized():
        if environment:
            raise AmityFailed("--ship needs amity-cluster to make its own Ray connection")
        return
    # ray.init turns the directory into the URI of its upload, in place.
    shipped = environment["working_dir"] if environment else None
    if address:
        ray.init(address=address, runtime_env=environment, log_to_driver=False)
    else:
        ray.init(num_cpus=cpus, runtime_env=environment, log_to_driver=False,
                 include_dashboard=False)
    if shipped:
        # Packed and uploaded: the copy here has done its work.
        shutil.rmtree(shipped, ignore_errors=True)


def binary_environment(amity, ship):
    """(path each worker runs, Ray runtime environment or None). Shipping copies the binary
    into a working directory Ray uploads to every node that runs a shard; otherwise `amity`
    must be a path (or a name on PATH) that every node has."""
    if not ship:
        # A relative path means the driver's directory, not each worker's.
        return (os.path.abspath(amity) if os.sep in amity else amity), None
    local = shutil.which(amity) or amity
    if not os.path.isfile(local):
        raise AmityFailed(f"cannot ship {amity}: no such file")
    directory = tempfile.mkdtemp(prefix="amity-cluster-ship-")
    shutil.copy2(local, os.path.join(directory, "amity"))
    return "./amity", {"working_dir": directory}


def resolve(amity):
    """The worker's absolute path of the binary (a shipped one is in the working directory)."""
    if os.sep in amity:
        return os.path.abspath(amity)
    return shutil.which(amity) or amity


def _die_with_parent():
    """Runs in the child before exec: a killed worker takes its amity (and, as their pipes
    close, amity's engines) with it, so a lost shard leaves no game running."""
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def start(command, errors, **popen):
    """Starts `command` as a child that dies with this process, its stdout a text pipe and
    its stderr the file `errors` (a pipe nobody reads could fill and stall it)."""
    return subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=errors,
        text=True,
        bufsize=1,
        preexec_fn=_die_with_parent,
        **popen,
    )


def worker_place():
    """This worker as (node id, process id): what a report of a shard names."""
    return ray.get_runtime_context().get_node_id(), os.getpid()
