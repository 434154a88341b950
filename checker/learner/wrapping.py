"""Line breaking that suits Chinese and English alike, never inside a code span.

rich breaks lines at spaces only. Chinese has no spaces between words, so a
Chinese sentence with a little code in it (`X @ W_Q.T`) breaks only where that
code has spaces: lines end early and code is split. Here a line may break
between any two Chinese characters or at a space, but never inside a word of
ASCII letters and digits or inside a `code span`; closing punctuation (，。：)
never starts a line and opening punctuation never ends one (the usual kinsoku
rules). ``Para`` is a rich renderable that wraps at the width it is given, so
it fits a panel as well as a plain terminal.
"""
from __future__ import annotations

import re

from rich.cells import cell_len
from rich.text import Text

CLOSING = set("，。、；：！？）」』】》”’,.;:!?)]}%")
OPENING = set("（「『【《“‘([{")
_TOKEN = re.compile(r"`[^`\n]*`|[ \t]+|[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]"
                    r"|[^\s`\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+|`")


def _tokens(line: str) -> list[tuple[int, int]]:
    """(start, end) of the unbreakable pieces of one line (spaces are pieces too)."""
    pieces = [(m.start(), m.end()) for m in _TOKEN.finditer(line)]
    merged: list[list[int]] = []
    for start, end in pieces:
        text = line[start:end]
        glue_back = merged and (text[0] in CLOSING) and not line[merged[-1][0]].isspace()
        glue_forward = merged and line[merged[-1][1] - 1] in OPENING and not text.isspace()
        if glue_back or glue_forward:
            merged[-1][1] = end
        else:
            merged.append([start, end])
    return [(s, e) for s, e in merged]


def breaks(text: str, width: int) -> list[tuple[int, int]]:
    """(start, end) offsets into ``text`` of each wrapped line, spaces at breaks left out."""
    width = max(width, 8)
    lines: list[tuple[int, int]] = []
    offset = 0
    for raw in text.split("\n"):
        start = end = None
        used = 0
        for s, e in _tokens(raw):
            piece = raw[s:e]
            w = cell_len(piece)
            if piece.isspace():
                if start is not None:
                    used += w
                continue
            if start is not None and used + w > width:
                lines.append((offset + start, offset + end))
                start = None
            if start is None:
                start, used = s, 0
                while w > width:  # a piece wider than a line: fold it by characters
                    cut = s
                    while cut < e and cell_len(raw[s:cut + 1]) <= width:
                        cut += 1
                    lines.append((offset + s, offset + cut))
                    s = start = cut
                    piece = raw[s:e]
                    w = cell_len(piece)
            used = cell_len(raw[start:s]) + w if s != start else w
            end = e
        lines.append((offset + start, offset + end) if start is not None else (offset, offset))
        offset += len(raw) + 1
    return lines


def wrap(text: str, width: int) -> list[str]:
    return [text[s:e] for s, e in breaks(text, width)]


class Para:
    """A paragraph (a rich ``Text``, styles kept) wrapped by these rules at render time."""

    def __init__(self, text: Text | str, indent: int = 0):
        self.text = text if isinstance(text, Text) else Text(text)
        self.indent = indent

    def __rich_console__(self, console, options):
        plain = self.text.plain
        for start, end in breaks(plain, options.max_width - self.indent):
            line = self.text[start:end]
            if self.indent:
                line = Text(" " * self.indent) + line
            line.no_wrap = True
            yield line

    def __rich_measure__(self, console, options):
        from rich.measure import Measurement

        longest = max((cell_len(w) for w in self.text.plain.split()), default=1)
        return Measurement(min(longest, options.max_width), options.max_width)
