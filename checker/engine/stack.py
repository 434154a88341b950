"""Where the learner's code is, told without handing a frame to Python.

A worker refuses every way Python gives out a frame or a code object (a traceback's
``tb_frame``, ``sys._getframe``, tracing: see ``sandbox.audit_guard``), because a frame
leads to the worker's own objects. The kit still names the learner's line, as text,
through two routes of CPython's C code that read frames themselves and give back only
text: ``faulthandler.dump_traceback`` (the current stack, written to a descriptor) and
``sys.__excepthook__`` (an exception's traceback, written to ``sys.stderr``). Learner
code may call them too; it gets the same text and nothing else.
"""
from __future__ import annotations

import faulthandler
import linecache
import os
import re
import sys

_DUMPED = re.compile(r'^  File "(.*)", line (\d+) in (.*)$')      # faulthandler
_PRINTED = re.compile(r'^  File "(.*)", line (\d+), in (.*)$')    # the traceback printer
MAX_DUMP = 1 << 16


class _Capture:
    def __init__(self):
        self.parts: list[str] = []

    def write(self, text):
        self.parts.append(str(text))
        return len(text)

    def flush(self):
        pass


class Stack:
    """Reads the current stack through a pipe made before the worker is confined."""

    def __init__(self, learner_file: str, more: tuple[str, ...] = ()):
        self.file = learner_file
        # a model's worker may hold the learner's other exercise files too (models/run.py):
        # their frames are the learner's as well, and say which file they are in
        self.files = (learner_file, *more)
        # taken now, before any learner code could replace them
        self._dump, self._print = faulthandler.dump_traceback, sys.__excepthook__
        self.read_fd, self.write_fd = os.pipe()
        os.set_blocking(self.read_fd, False)
        os.set_blocking(self.write_fd, False)  # a pipe the learner filled never blocks us

    def fds(self) -> tuple[int, int]:
        return self.read_fd, self.write_fd

    def _frame(self, file: str, line: int, function: str) -> dict:
        frame = {"line": line, "function": function,
                 "code": linecache.getline(file, line).strip()}
        if file != self.file:
            frame["file"] = os.path.basename(file)
        return frame

    def learner_line(self) -> dict | None:
        """The innermost frame of the learner's file on the current stack."""
        try:
            self._dump(self.write_fd, all_threads=False)
            chunks = []
            while True:
                try:
                    chunk = os.read(self.read_fd, MAX_DUMP)
                except BlockingIOError:
                    break
                if not chunk:
                    break
                chunks.append(chunk)
        except (OSError, ValueError):
            return None
        for text in b"".join(chunks).decode("utf-8", "replace").splitlines():
            found = _DUMPED.match(text)  # most recent call first
            if found and os.path.abspath(found.group(1)) in self.files:
                return self._frame(os.path.abspath(found.group(1)), int(found.group(2)),
                                   found.group(3))
        return None

    def learner_frames(self, exc: BaseException) -> list[dict]:
        """The frames of the learner's own file in ``exc``'s traceback, outermost first."""
        saved = (sys.stderr, BaseException.__context__.__get__(exc),
                 BaseException.__cause__.__get__(exc))
        capture = _Capture()
        try:
            # this exception's traceback alone, not the ones it was raised from
            BaseException.__context__.__set__(exc, None)
            BaseException.__cause__.__set__(exc, None)
            sys.stderr = capture
            self._print(type(exc), exc, exc.__traceback__)
        except BaseException:
            pass
        finally:
            sys.stderr = saved[0]
            try:
                BaseException.__context__.__set__(exc, saved[1])
                BaseException.__cause__.__set__(exc, saved[2])
            except BaseException:
                pass
        frames = []
        lines = "".join(capture.parts).splitlines()
        for text in lines[1:]:  # after "Traceback (most recent call last):"
            if not text.startswith("  "):
                break  # the exception's own line: what follows is its message
            found = _PRINTED.match(text)
            if found and os.path.abspath(found.group(1)) in self.files:
                frames.append(self._frame(os.path.abspath(found.group(1)), int(found.group(2)),
                                          found.group(3)))
        return frames
