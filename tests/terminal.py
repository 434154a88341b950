"""A command in a pseudo-terminal, for tests and benchmarks of `attn-kit watch`.

What the learner's terminal would show (escape codes removed) and what it would
send (single key presses), with a timeout on every wait.
"""
from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")


class Terminal:
    """A command in a pseudo-terminal: what a learner's terminal would show and send."""

    def __init__(self, args, cwd, environ, columns=120, rows=60):
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.proc = subprocess.Popen([sys.executable, "-m", "checker", *args], cwd=cwd,
                                     env=environ, stdin=slave, stdout=slave, stderr=slave,
                                     close_fds=True)
        os.close(slave)
        self.seen = ""

    def expect(self, text: str, timeout: float = 30) -> str:
        """Wait until ``text`` is on the screen (since the last ``advance``); returns it all."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in self.flat(self.seen):
                return self.seen
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                self.seen += ANSI.sub("", chunk.decode("utf-8", "replace"))
        raise AssertionError(f"{text!r} did not appear within {timeout} s; the screen showed:\n"
                             + self.seen[-3000:])

    def read(self, seconds: float) -> None:
        """Take in what the program writes for up to ``seconds`` (nothing to wait for)."""
        ready, _, _ = select.select([self.master], [], [], seconds)
        if ready:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            self.seen += ANSI.sub("", chunk.decode("utf-8", "replace"))

    @staticmethod
    def flat(text: str) -> str:
        return " ".join(text.replace("│", " ").split())

    def advance(self) -> None:
        """Later expects look only at output from now on."""
        self.seen = ""

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def __enter__(self) -> "Terminal":
        return self

    def __exit__(self, *exc) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        try:
            os.close(self.master)
        except OSError:
            pass

    def close(self) -> int:
        """Wait for the command to end; returns its exit status."""
        return self.proc.wait(timeout=20)
