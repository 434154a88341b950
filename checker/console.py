"""The console every screen prints to: rich, or plain text off a terminal, in a notebook rich's HTML."""
from __future__ import annotations

import os
import sys

from rich.console import Console


def make_console(file=None) -> Console:
    """A console that is plain (no colour, ASCII boxes, no redrawing) off a terminal.

    ``NO_COLOR`` (no-color.org) removes the colours and nothing else: the layout on a
    terminal stays the same.
    """
    if file is None and Console().is_jupyter:  # a notebook: rich renders HTML there
        console = Console(highlight=False, emoji=False)
        console.plain = False  # type: ignore[attr-defined]
        return console
    file = file or sys.stdout
    is_tty = getattr(file, "isatty", lambda: False)()
    plain = not is_tty
    width = None if is_tty or os.environ.get("COLUMNS") else 100  # a log has room
    console = Console(file=file, no_color=plain or bool(os.environ.get("NO_COLOR")),
                      highlight=False, emoji=False, width=width,
                      force_terminal=None if not plain else False, soft_wrap=False)
    console.plain = plain  # type: ignore[attr-defined]
    return console
