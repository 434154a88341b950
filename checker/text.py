"""Text from outside the kit (file and folder names, a worker's messages and output),
made safe for a file or a terminal, and names made safe for a file system.

A file name or a message can carry terminal escapes (ESC [2J clears the screen,
ESC ]0; sets the window title), bidirectional overrides that show a text reversed
(U+202E, U+2066), invisible format characters, line separators, and the lone
surrogates Python uses for bytes that are not UTF-8. ``clean`` drops or replaces
all of them; ``one_line`` also folds the text onto one bounded line; ``file_name``
gives a name that fits in any file system, with a digest that keeps long names apart.
"""
from __future__ import annotations

import hashlib
import re

# C0 controls but tab and newline, DEL and the C1 controls; every format character
# (Unicode category Cf: bidirectional marks, overrides and isolates, zero-width
# characters, the BOM, tags...); and the line and paragraph separators.
_FORMAT = ("\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f"
           "\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd"
           "\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001"
           "\U000e0020-\U000e007f")
_DROP = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_FORMAT}]")
_SEPARATORS = re.compile("[\u2028\u2029]")
_SURROGATES = re.compile("[\ud800-\udfff]")

FILE_NAME_LIMIT = 64  # characters of a report's name, before ".json": far below any limit


def clean(text: str) -> str:
    """``text`` with no control or format character (tab and newline stay)."""
    text = _DROP.sub("", text)
    text = _SEPARATORS.sub("\n", text)
    return _SURROGATES.sub("\ufffd", text)


def one_line(text: str, limit: int = 160) -> str:
    """``text`` cleaned, on one line, at most ``limit`` characters."""
    text = " ".join(clean(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def file_name(raw: str, limit: int = FILE_NAME_LIMIT) -> str:
    """A name made of letters, digits and ``. @ + - _`` only, at most ``limit`` characters.

    A longer name is cut, and ends with a digest of the whole name, so that two long
    names that start alike stay apart.
    """
    name = re.sub(r"[^\w.@+-]+", "_", clean(raw)).strip("._") or "submission"
    if len(name) <= limit:
        return name
    digest = hashlib.sha256(raw.encode("utf-8", "surrogateescape")).hexdigest()[:10]
    return f"{name[: limit - len(digest) - 1].rstrip('._')}-{digest}"


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_cell(text) -> str:
    """A CSV cell a spreadsheet shows as text, never runs as a formula: a text that starts
    with = + - @ (or a tab, a CR) gets a leading apostrophe. The one guard for every CSV
    the kit writes (grades.csv, the class view's tables, the gradebook exports)."""
    text = str(text)
    return "'" + text if text[:1] in FORMULA_STARTS else text
