"""A small synchronous UCI client shared by the Los Alamos scripts.

python-chess can only hold 8x8 boards, so the 6x6 Los Alamos scripts talk UCI themselves:
start an engine, set options, ask for perft divides, searches and the position's FEN.
"""

import queue
import subprocess
import threading
import time


class EngineError(RuntimeError):
    """The engine died, timed out or answered something unexpected."""


class Uci:
    def __init__(self, command, name=None):
        self.name = name or command[0]
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self.send("uci")
        self.read_until(lambda line: line == "uciok", timeout=10)

    def send(self, line):
        if self.process.poll() is not None:
            raise EngineError(f"{self.name} has exited (code {self.process.returncode})")
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def _pump(self):
        # A reader thread, so waiting for a line can time out when an engine hangs.
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def read_line(self, deadline):
        try:
            line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise EngineError(f"{self.name} timed out") from None
        if line is None:
            raise EngineError(f"{self.name} closed its output")
        return line

    def read_until(self, done, timeout=60):
        deadline = time.monotonic() + timeout
        lines = []
        while True:
            line = self.read_line(deadline)
            lines.append(line)
            if done(line):
                return lines

    def sync(self):
        self.send("isready")
        return self.read_until(lambda line: line == "readyok")

    def set_option(self, name, value):
        self.send(f"setoption name {name} value {value}")

    def position(self, fen=None, moves=()):
        base = f"position fen {fen}" if fen else "position startpos"
        if moves:
            base += " moves " + " ".join(moves)
        self.send(base)

    def perft(self, depth):
        """Returns ({move: count}, total) for the current position."""
        self.send(f"go perft {depth}")
        lines = self.read_until(lambda line: line.startswith("Nodes searched"))
        divide = {}
        for line in lines:
            parts = line.split(": ")
            if len(parts) == 2 and parts[1].isdigit() and not line.startswith("Nodes"):
                divide[parts[0]] = int(parts[1])
        total = int(lines[-1].split(":")[1])
        return divide, total

    def legal_moves(self):
        divide, _ = self.perft(1)
        return sorted(divide)

    def display(self):
        """What the engine prints for `d`, up to the `readyok` that follows it."""
        self.send("d")
        self.send("isready")
        return self.read_until(lambda line: line == "readyok")

    def fen(self):
        """The current position's FEN as the engine prints it with `d`."""
        for line in self.display():
            if line.startswith("Fen: "):
                return line[5:].strip()
        raise EngineError(f"{self.name} printed no FEN")

    def checkers(self):
        """Fairy-Stockfish's `d` lists the checking pieces' squares."""
        for line in self.display():
            if line.startswith("Checkers:"):
                return line[len("Checkers:"):].split()
        raise EngineError(f"{self.name} printed no checkers line")

    def go(self, command, timeout):
        self.send(command)
        lines = self.read_until(lambda line: line.startswith("bestmove"), timeout=timeout)
        return lines[-1].split()[1]

    def quit(self):
        try:
            self.send("quit")
            self.process.wait(timeout=5)
        except (EngineError, subprocess.TimeoutExpired, BrokenPipeError):
            self.process.kill()
